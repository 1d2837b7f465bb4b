import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { saveDownload } from '../../common/saveDownload';
import { useNotifyFailure } from '../../common/useNotifyFailure';

const DAY_MS = 86_400_000;
/** The period offered first: the last week, as the server's own default. */
const DEFAULT_DAYS = 7;

/** A time as a datetime-local field holds it: the browser's local time, to the minute. */
const localInput = (ms: number) => {
  const date = new Date(ms);
  return new Date(ms - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * Downloads the device's samples of a period as CSV (every topic, by topic then time), streamed by
 * the server. A start after the end is told on the field before anything is sent.
 */
export function SeriesExport({ deviceId, now = Date.now }: { deviceId: Identifier; now?: () => number }) {
  const translate = useTranslate();
  const notifyFailure = useNotifyFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [from, setFrom] = useState(() => localInput(now() - DEFAULT_DAYS * DAY_MS));
  const [to, setTo] = useState(() => localInput(now()));
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const incomplete = Number.isNaN(fromMs) || Number.isNaN(toMs);
  const reversed = !incomplete && fromMs > toMs;
  const exporting = useMutation({
    mutationFn: () => dataProvider.exportDeviceSeries(deviceId, { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() }),
    onSuccess: saveDownload,
    onError: notifyFailure,
  });
  const field = { size: 'small' as const, type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }} sx={{ mb: 2 }}>
      <TextField
        {...field}
        label={translate('app.operations.topic_charts.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={reversed}
        helperText={reversed ? translate('app.server.fields.range_reversed') : undefined}
      />
      <TextField {...field} label={translate('app.operations.topic_charts.to')} value={to} onChange={(event) => setTo(event.target.value)} />
      <Button startIcon={<DownloadIcon />} disabled={incomplete || reversed || exporting.isPending} onClick={() => exporting.mutate()} sx={{ minHeight: 40 }}>
        {translate('app.operations.topic_charts.export')}
      </Button>
    </Stack>
  );
}
