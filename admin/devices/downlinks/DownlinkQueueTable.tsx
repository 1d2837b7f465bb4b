import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Permitted } from '../../common/Permitted';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Confirm, useLocaleState, useTranslate } from 'react-admin';
import type { Downlink } from '../../types/api';
import { failureText } from './downlinkErrors';
import { DownlinkStatus } from './DownlinkStatus';
import type { Downlinks } from './useDownlinks';

const HEX_STYLE = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** Something a flush would still remove: waiting here or in the network server's queue. */
const flushable = (downlink: Downlink) => downlink.state === 'pending' || downlink.state === 'queued';

/**
 * The device's recent downlinks, newest first, with where each stands: a table on wider screens, a
 * list on a phone. A refresh, and a flush that asks first. The list reads itself again while a
 * downlink is on its way (useDownlinks).
 */
export function DownlinkQueueTable({ list, flush }: Pick<Downlinks, 'list' | 'flush'>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [confirming, setConfirming] = useState(false);
  const items = list.isError ? undefined : list.data;
  const text = (key: string) => translate(`app.devices.downlinks.${key}`);
  const time = (at: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at));
  const payload = (downlink: Downlink) => downlink.data_hex || text('empty_payload');

  return (
    <Box sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {text('queue')}
        </Typography>
        <Tooltip title={text('refresh')}>
          <span>
            <IconButton aria-label={text('refresh')} onClick={() => void list.refetch()} disabled={list.isFetching}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Permitted action="DELETE /device/:id/downlink">
          <Button color="error" startIcon={<DeleteSweepIcon />} disabled={!items?.some(flushable) || flush.isPending} onClick={() => setConfirming(true)}>
            {text('flush')}
          </Button>
        </Permitted>
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
      {list.isPending && list.fetchStatus === 'fetching' && <LinearProgress />}
      {flush.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {failureText(flush.error, translate)}
        </Alert>
      )}
      {list.isError && <Alert severity="error">{text('queue_failed')}</Alert>}
      {items?.length === 0 && <Typography color="text.secondary">{text('queue_empty')}</Typography>}
      {items && items.length > 0 && phone && (
        <List aria-label={text('queue')} dense>
          {items.map((downlink) => (
            <ListItem key={downlink.id} divider alignItems="flex-start">
              <ListItemText
                primary={<DownlinkStatus downlink={downlink} />}
                secondary={
                  <>
                    {time(downlink.created_at)} · {translate('app.devices.downlinks.on_port', { f_port: downlink.f_port })}
                    {downlink.f_cnt_down !== null && ` · ${translate('app.devices.downlinks.frame', { f_cnt: downlink.f_cnt_down })}`}
                    <br />
                    <Box component="span" sx={HEX_STYLE}>
                      {payload(downlink)}
                    </Box>
                  </>
                }
                slotProps={{ primary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {items && items.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={text('queue')}>
            <TableHead>
              <TableRow>
                <TableCell>{text('columns.time')}</TableCell>
                <TableCell>{text('columns.f_port')}</TableCell>
                <TableCell>{text('columns.confirmed')}</TableCell>
                <TableCell>{text('columns.data')}</TableCell>
                <TableCell>{text('columns.f_cnt')}</TableCell>
                <TableCell>{text('columns.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((downlink) => (
                <TableRow key={downlink.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(downlink.created_at)}</TableCell>
                  <TableCell>{downlink.f_port}</TableCell>
                  <TableCell>{translate(downlink.confirmed ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
                  <TableCell sx={HEX_STYLE}>{payload(downlink)}</TableCell>
                  <TableCell>{downlink.f_cnt_down ?? '—'}</TableCell>
                  <TableCell>
                    <DownlinkStatus downlink={downlink} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
