import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { translateMessage } from '../providers/serverMessages';
import { isValidPayload, type PayloadEncoding } from './payload';
import type { CodecTestInput } from '../types/api';
import { CodecTestOutput } from './CodecTestOutput';
import { Permitted } from '../common/Permitted';

/** RFC 3339 as the API takes it: date, time to the second (fractions allowed) and a time zone. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The typed receive time as the API takes it: '' when empty (the server's now), undefined when it is
 * no complete time. Typed rather than picked, so an uplink's time can be pasted from its event.
 */
const isoTime = (text: string): string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const time = new Date(trimmed);
  return RFC3339.test(trimmed) && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
};

/**
 * Test run of the codec as it stands in the editor (saved or not) against one uplink. The server's
 * sandbox runs it exactly as ingest would; the browser never evaluates the script.
 */
export function CodecTestPanel() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const codec = useWatch<{ codec?: string }>({ name: 'codec' });
  const [payload, setPayload] = useState('');
  const [encoding, setEncoding] = useState<PayloadEncoding>('hex');
  const [fPort, setFPort] = useState(1);
  const [recvTime, setRecvTime] = useState('');
  const run = useMutation({ mutationFn: (input: CodecTestInput) => dataProvider.codecTest(input) });
  const fPortValid = Number.isInteger(fPort) && fPort >= 1 && fPort <= 255;
  const payloadError = payload.trim() && !isValidPayload(payload, encoding) ? translate(`app.profiles.payload_invalid_${encoding}`) : undefined;
  const recvTimeIso = isoTime(recvTime);

  const start = () => {
    const input = { codec: typeof codec === 'string' ? codec : '', payload: payload.trim(), encoding, fPort };
    run.mutate(recvTimeIso ? { ...input, recvTime: recvTimeIso } : input);
  };
  const failure = (error: unknown): string => {
    const fieldMessage = (error as { body?: { errors?: Record<string, string> } }).body?.errors?.payload;
    return fieldMessage ? translateMessage(translate, fieldMessage) : describeError(error, translate, 'app.errors.general');
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%' }} component="section" aria-labelledby="codec-test-title">
      <Typography variant="subtitle1" component="h2" id="codec-test-title" gutterBottom>
        {translate('app.profiles.test_title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }} useFlexGap flexWrap="wrap">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={encoding}
          onChange={(_event, value: PayloadEncoding | null) => value && setEncoding(value)}
          aria-label={translate('app.profiles.encoding')}
        >
          <ToggleButton value="hex">{translate('app.profiles.hex')}</ToggleButton>
          <ToggleButton value="base64">{translate('app.profiles.base64')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          label={translate('app.profiles.payload')}
          value={payload}
          onChange={(event) => setPayload(event.target.value)}
          error={Boolean(payloadError)}
          helperText={payloadError ?? ' '}
          size="small"
          sx={{ flex: 1, minWidth: 200 }}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          label={translate('app.profiles.fport')}
          type="number"
          value={fPort}
          onChange={(event) => setFPort(Number(event.target.value))}
          error={!fPortValid}
          size="small"
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { min: 1, max: 255 } }}
        />
        <TextField
          label={translate('app.profiles.recv_time')}
          value={recvTime}
          onChange={(event) => setRecvTime(event.target.value)}
          error={recvTimeIso === undefined}
          helperText={translate(recvTimeIso === undefined ? 'app.profiles.recv_time_invalid' : 'app.profiles.recv_time_help')}
          size="small"
          sx={{ width: { sm: 240 } }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Permitted action="POST /config/:company_id/codec-test">
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            disabled={!payload.trim() || Boolean(payloadError) || !fPortValid || recvTimeIso === undefined || run.isPending}
            onClick={start}
          >
            {translate('app.profiles.run')}
          </Button>
        </Permitted>
      </Stack>
      <Box sx={{ mt: 2 }} aria-live="polite">
        {run.isError && <Alert severity="error">{failure(run.error)}</Alert>}
        {run.isSuccess && <CodecTestOutput result={run.data} />}
      </Box>
    </Paper>
  );
}
