import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CodecTestResult, ConsoleLine } from '../types/api';

const LEVEL_COLOURS: Record<ConsoleLine['level'], 'default' | 'info' | 'warning' | 'error'> = {
  log: 'default',
  debug: 'default',
  info: 'info',
  warn: 'warning',
  error: 'error',
};

/** Failure kinds the console explains in its own words rather than with the sandbox's English message. */
const EXPLAINED_KINDS = new Set(['output-too-large']);

const pre = { m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 } as const;

/** What a codec test run answered: the decoded data or why it failed, its warnings, and what it wrote to the console. */
export function CodecTestOutput({ result }: { result: CodecTestResult }) {
  const translate = useTranslate();
  return (
    <>
      {result.ok ? (
        <>
          <Typography variant="subtitle2">{translate('app.profiles.decoded')}</Typography>
          <Box component="pre" data-testid="codec-output" sx={pre}>
            {JSON.stringify(result.data, null, 2)}
          </Box>
        </>
      ) : (
        <Alert severity="error">
          {translate('app.profiles.codec_failed', { kind: result.error?.kind ?? 'exception' })}
          {result.error && EXPLAINED_KINDS.has(result.error.kind) ? (
            <Box>{translate(`app.profiles.codec_kinds.${result.error.kind}`)}</Box>
          ) : (
            result.error?.message && (
              <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                {result.error.message}
              </Box>
            )
          )}
        </Alert>
      )}
      {result.errors.map((message, index) => (
        // The codec's own messages: the same text may come twice.
        <Alert key={`e${index}`} severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ))}
      {result.warnings.map((warning, index) => (
        <Alert key={`w${index}`} severity="warning" sx={{ mt: 1 }}>
          {warning}
        </Alert>
      ))}
      {result.console.length > 0 && (
        <Box component="section" aria-label={translate('app.profiles.console')} sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{translate('app.profiles.console')}</Typography>
          <Box component="ol" data-testid="codec-console" sx={{ ...pre, listStyle: 'none' }}>
            {result.console.map((line, index) => (
              <Stack component="li" key={index} direction="row" spacing={1} alignItems="baseline">
                <Chip size="small" variant="outlined" label={line.level} color={LEVEL_COLOURS[line.level]} sx={{ fontFamily: 'monospace' }} />
                <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {line.text}
                </Box>
              </Stack>
            ))}
          </Box>
          {result.console_truncated && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {translate('app.profiles.console_truncated')}
            </Alert>
          )}
        </Box>
      )}
    </>
  );
}
