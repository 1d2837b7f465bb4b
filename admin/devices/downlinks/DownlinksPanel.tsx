import { useId } from 'react';
import { Alert, LinearProgress, Paper, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { DownlinkForm } from './DownlinkForm';
import { DownlinkQueueTable } from './DownlinkQueueTable';
import { useDownlinks } from './useDownlinks';

/**
 * A device's downlinks (issue #13): send one, follow where each stands, flush the queue.
 * Standalone mode has no network server to send through, which the panel says instead of failing.
 */
export function DownlinksPanel() {
  const record = useRecordContext<{ id: Identifier }>();
  const translate = useTranslate();
  const titleId = useId();
  const downlinks = useDownlinks(record?.id);
  if (!record) return null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ m: 2, p: 2 }}>
      <Typography variant="h6" component="h2" id={titleId} gutterBottom>
        {translate('app.devices.downlinks.title')}
      </Typography>
      {downlinks.status.isPending && <LinearProgress />}
      {downlinks.standalone && <Alert severity="info">{translate('app.devices.downlinks.standalone')}</Alert>}
      {!downlinks.status.isPending && !downlinks.standalone && (
        <>
          <DownlinkForm send={downlinks.send} />
          <DownlinkQueueTable list={downlinks.list} flush={downlinks.flush} />
        </>
      )}
    </Paper>
  );
}
