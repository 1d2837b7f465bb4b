import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Widget } from '../layout';
import { useWidgetData } from './useWidgetData';
import { showValue, WidgetState } from './WidgetState';
import { useFormatters } from '../../common/format';

/** The latest values of several devices (by search) or of a unit's devices. */
export function TableWidget({ widget, version }: { widget: Widget; version: string }) {
  const translate = useTranslate();
  const format = useFormatters();
  const load = useWidgetData(widget.id, version);
  const rows = load.status === 'done' && load.data.type === 'TABLE' ? load.data.rows : [];
  return (
    <WidgetState load={load} isEmpty={rows.length === 0}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.dashboards.device')}</TableCell>
            <TableCell>{translate('app.dashboards.topic')}</TableCell>
            <TableCell>{translate('app.dashboards.value')}</TableCell>
            <TableCell>{translate('app.dashboards.time')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.device_id}:${row.topic}`}>
              <TableCell>{row.device_name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{row.topic}</TableCell>
              <TableCell>{showValue(row.value)}</TableCell>
              <TableCell>{format.dateTime(row.timestamp)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetState>
  );
}
