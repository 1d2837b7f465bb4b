import { Box, Typography } from '@mui/material';
import type { Widget } from '../layout';
import { useWidgetData } from './useWidgetData';
import { showValue, WidgetState } from './WidgetState';
import { useFormatters } from '../../common/format';

/** The latest value of a device topic, with its timestamp. */
export function SingleValueWidget({ widget, version }: { widget: Widget; version: string }) {
  const format = useFormatters();
  const load = useWidgetData(widget.id, version);
  const data = load.status === 'done' && load.data.type === 'SINGLE_VALUE' ? load.data : null;
  return (
    <WidgetState load={load} isEmpty={!data || data.timestamp === null}>
      <Box>
        <Typography variant="h4" component="p" data-testid="single-value">
          {data ? showValue(data.value) : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {data?.timestamp ? format.dateTime(data.timestamp) : ''}
        </Typography>
      </Box>
    </WidgetState>
  );
}
