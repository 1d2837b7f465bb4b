import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Confirm, useTranslate } from 'react-admin';
import { failureText, readFailure } from './downlinkErrors';
import type { Downlinks } from './useDownlinks';

/** The device's queue in the network server, oldest first, with a refresh and a flush that asks first. */
export function DownlinkQueueTable({ queue, flush }: Pick<Downlinks, 'queue' | 'flush'>) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const items = queue.isError ? undefined : queue.data;
  const text = (key: string) => translate(`app.devices.downlinks.${key}`);
  const loadProblem = readFailure(queue.error).code === 'networkServerUnavailable' ? text('unavailable') : text('queue_failed');

  return (
    <Box sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {text('queue')}
        </Typography>
        <Tooltip title={text('refresh')}>
          <span>
            <IconButton aria-label={text('refresh')} onClick={() => void queue.refetch()} disabled={queue.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button color="error" startIcon={<DeleteSweepIcon />} disabled={!items?.length || flush.isPending} onClick={() => setConfirming(true)}>
          {text('flush')}
        </Button>
      </Stack>
      <Confirm
        isOpen={confirming}
        title="app.devices.downlinks.flush_title"
        content="app.devices.downlinks.flush_content"
        onConfirm={() => {
          setConfirming(false);
          flush.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
      {queue.isFetching && <LinearProgress />}
      {flush.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {failureText(flush.error, translate)}
        </Alert>
      )}
      {queue.isError && <Alert severity="error">{loadProblem}</Alert>}
      {items?.length === 0 && <Typography color="text.secondary">{text('queue_empty')}</Typography>}
      {items && items.length > 0 && (
        <Table size="small" aria-label={text('queue')}>
          <TableHead>
            <TableRow>
              <TableCell>{text('columns.f_port')}</TableCell>
              <TableCell>{text('columns.confirmed')}</TableCell>
              <TableCell>{text('columns.data')}</TableCell>
              <TableCell>{text('columns.f_cnt')}</TableCell>
              <TableCell>{text('columns.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{item.f_port}</TableCell>
                <TableCell>{translate(item.confirmed ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{item.data_hex}</TableCell>
                <TableCell>{item.f_cnt_down ?? '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={item.is_pending ? 'info' : 'default'} label={text(item.is_pending ? 'states.pending' : 'states.waiting')} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
