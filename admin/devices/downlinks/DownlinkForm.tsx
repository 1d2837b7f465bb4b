import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useTranslate } from 'react-admin';
import { translateMessage } from '../../providers/serverMessages';
import { DOWNLINK_FPORT_MAX, DOWNLINK_FPORT_MIN, isDownlinkFPort, type DownlinkEncoding } from '../../types/api';
import { failureText, readFailure } from './downlinkErrors';
import type { Downlinks } from './useDownlinks';
import { Permitted } from '../../common/Permitted';

const ENCODINGS: DownlinkEncoding[] = ['hex', 'base64', 'json'];
/** Fields the form shows a server message under; any other problem is told above the button. */
const FORM_FIELDS = new Set(['f_port', 'payload']);
const monospace = { spellCheck: false, style: { fontFamily: 'monospace' } };

/**
 * The downlink form: port, confirmed, the payload as hex, base64 or JSON for the profile's codec.
 * The server checks the payload (and runs the codec); its field messages, the codec's among them,
 * appear under the fields in the user's language.
 */
export function DownlinkForm({ send }: { send: Downlinks['send'] }) {
  const translate = useTranslate();
  const [fPort, setFPort] = useState('1');
  const [confirmed, setConfirmed] = useState(false);
  const [encoding, setEncoding] = useState<DownlinkEncoding>('hex');
  const [payload, setPayload] = useState('');
  const port = fPort.trim();
  // JSON may leave the port to the codec; bytes need one.
  const portValid = port === '' ? encoding === 'json' : isDownlinkFPort(Number(port));
  const failure = send.isError ? readFailure(send.error) : undefined;
  const fieldMessage = (name: string) => {
    const message = failure?.fields[name];
    return message ? translateMessage(translate, message) : undefined;
  };
  const otherProblem = failure && !Object.keys(failure.fields).some((name) => FORM_FIELDS.has(name));
  const portProblem =
    fieldMessage('f_port') ?? (portValid ? undefined : translate('app.devices.downlinks.f_port_invalid', { min: DOWNLINK_FPORT_MIN, max: DOWNLINK_FPORT_MAX }));
  // A change starts over: an answer about the previous input no longer applies.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      if (!send.isIdle) send.reset();
      set(value);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sent: the payload field empties (a second click must not send it twice); port and format stay for the next one.
    send.mutate({ ...(port === '' ? {} : { f_port: Number(port) }), confirmed, encoding, payload }, { onSuccess: () => setPayload('') });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={translate('app.devices.downlinks.f_port')}
          value={fPort}
          onChange={(event) => edit(setFPort)(event.target.value)}
          error={Boolean(portProblem)}
          helperText={portProblem ?? (encoding === 'json' ? translate('app.devices.downlinks.f_port_from_codec') : ' ')}
          size="small"
          sx={{ width: { sm: 200 } }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label={translate('app.devices.downlinks.encoding')}
          value={encoding}
          onChange={(event) => edit(setEncoding)(event.target.value as DownlinkEncoding)}
          size="small"
          sx={{ width: { sm: 220 } }}
        >
          {ENCODINGS.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`app.devices.downlinks.encodings.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(event) => edit(setConfirmed)(event.target.checked)} />}
          label={translate('app.devices.downlinks.confirmed')}
          sx={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <TextField
        label={translate('app.devices.downlinks.payload')}
        value={payload}
        onChange={(event) => edit(setPayload)(event.target.value)}
        error={Boolean(fieldMessage('payload'))}
        helperText={fieldMessage('payload') ?? translate(`app.devices.downlinks.payload_help.${encoding}`)}
        multiline
        minRows={2}
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: monospace }}
      />
      <Box sx={{ mt: 1 }} aria-live="polite">
        {otherProblem && <Alert severity="error">{failureText(send.error, translate)}</Alert>}
        {send.isSuccess && (
          <Alert severity="success">
            {translate('app.devices.downlinks.sent', {
              f_port: send.data.f_port,
              data: send.data.data_hex || translate('app.devices.downlinks.empty_payload'),
            })}
          </Alert>
        )}
        {send.data?.warnings.map((warning) => (
          <Alert key={warning} severity="warning" sx={{ mt: 1 }}>
            {translate('app.devices.downlinks.codec_warning', { warning })}
          </Alert>
        ))}
      </Box>
      <Permitted action="POST /device/:id/downlink">
        <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={!portValid || send.isPending} sx={{ mt: 1 }}>
          {translate('app.devices.downlinks.send')}
        </Button>
      </Permitted>
    </Box>
  );
}
