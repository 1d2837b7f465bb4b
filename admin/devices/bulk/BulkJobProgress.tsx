import { useEffect, useRef } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { BulkJob } from '../../types/api';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useFormatters } from '../../common/format';
import { useNotifyFailure } from '../../common/useNotifyFailure';

/** How often the progress is read while the job runs. */
const POLL_MS = 1000;

const finished = (job: BulkJob) => job.state === 'done' || job.state === 'cancelled' || job.state === 'failed';

/** The toast of a finished job, with its count of devices. */
function outcome(job: BulkJob): { key: string; type: 'success' | 'info' | 'error' } {
  if (job.state === 'done') return { key: `app.devices.bulk.finished.${job.kind}`, type: 'success' };
  if (job.state === 'cancelled') return { key: 'app.devices.bulk.cancelled', type: 'info' };
  return { key: 'app.devices.bulk.failed', type: 'error' };
}

/**
 * A running job's progress bar with a cancel button, polled through the data provider until the
 * job ends; then a toast says what it did and `onFinished` refreshes the list.
 */
export function BulkJobProgress({ job: started, onFinished }: { job: BulkJob; onFinished: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const { number } = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: job = started } = useQuery({
    queryKey: ['bulkJob', started.id],
    queryFn: () => dataProvider.bulkJob(started.id),
    initialData: started,
    refetchInterval: (query) => (query.state.data && finished(query.state.data) ? false : POLL_MS),
  });
  const cancelling = useMutation({ mutationFn: () => dataProvider.cancelBulkJob(started.id), onError: notifyFailure });
  const told = useRef(false);
  useEffect(() => {
    if (!finished(job) || told.current) return;
    told.current = true;
    const { key, type } = outcome(job);
    notify(translate(key, { smart_count: job.done }), { type });
    onFinished();
  }, [job, notify, translate, onFinished]);
  const percent = job.total === 0 ? 100 : Math.min(100, Math.round((job.done / job.total) * 100));
  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="bulk-progress-title">
      <DialogTitle id="bulk-progress-title">{translate(`app.devices.bulk.running.${job.kind}`)}</DialogTitle>
      <DialogContent>
        <LinearProgress variant="determinate" value={finished(job) ? 100 : percent} aria-label={translate(`app.devices.bulk.running.${job.kind}`)} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
          <Typography variant="body2">{translate('app.devices.bulk.progress', { done: number(job.done), total: number(job.total) })}</Typography>
          <Typography variant="body2">{`${finished(job) ? 100 : percent} %`}</Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="error" disabled={finished(job) || cancelling.isPending} onClick={() => cancelling.mutate()}>
          {translate('app.devices.bulk.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
