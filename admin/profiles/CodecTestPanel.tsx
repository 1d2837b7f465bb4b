import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../providers/dataProvider';
import { describeError } from '../stores/appError';
import { translateMessage } from '../providers/serverMessages';
import { isValidPayload, type PayloadEncoding } from './payload';
import type { CodecTestResult } from '../types/api';

type Run = { status: 'idle' } | { status: 'running' } | { status: 'done'; result: CodecTestResult } | { status: 'failed'; message: string };

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
  const [run, setRun] = useState<Run>({ status: 'idle' });
  const fPortValid = Number.isInteger(fPort) && fPort >= 1 && fPort <= 255;
  const payloadError = payload.trim() && !isValidPayload(payload, encoding) ? translate(`app.profiles.payload_invalid_${encoding}`) : undefined;

  const start = async () => {
    setRun({ status: 'running' });
    try {
      const result = await dataProvider.codecTest({ codec: typeof codec === 'string' ? codec : '', payload: payload.trim(), encoding, fPort });
      setRun({ status: 'done', result });
    } catch (error) {
      const fieldMessage = (error as { body?: { errors?: Record<string, string> } }).body?.errors?.payload;
      setRun({ status: 'failed', message: fieldMessage ? translateMessage(translate, fieldMessage) : describeError(error, translate, 'app.errors.general') });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%' }} component="section" aria-labelledby="codec-test-title">
      <Typography variant="subtitle1" component="h2" id="codec-test-title" gutterBottom>
        {translate('app.profiles.test_title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
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
          sx={{ flex: 1 }}
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
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          disabled={!payload.trim() || Boolean(payloadError) || !fPortValid || run.status === 'running'}
          onClick={() => void start()}
        >
          {translate('app.profiles.run')}
        </Button>
      </Stack>
      <Box sx={{ mt: 2 }} aria-live="polite">
        {run.status === 'failed' && <Alert severity="error">{run.message}</Alert>}
        {run.status === 'done' && run.result.ok && (
          <>
            <Typography variant="subtitle2">{translate('app.profiles.decoded')}</Typography>
            <Box component="pre" data-testid="codec-output" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 }}>
              {JSON.stringify(run.result.data, null, 2)}
            </Box>
          </>
        )}
        {run.status === 'done' && !run.result.ok && (
          <Alert severity="error">
            {translate('app.profiles.codec_failed', { kind: run.result.error?.kind ?? 'exception' })}
            {run.result.error?.message && (
              <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {run.result.error.message}
              </Box>
            )}
            {run.result.errors.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        {run.status === 'done' &&
          run.result.warnings.map((warning) => (
            <Alert key={warning} severity="warning" sx={{ mt: 1 }}>
              {warning}
            </Alert>
          ))}
      </Box>
    </Paper>
  );
}
