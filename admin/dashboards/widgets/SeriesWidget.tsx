import { lazy, Suspense, useState } from 'react';
import { Box, LinearProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Widget } from '../layout';
import { useWidgetData } from './useWidgetData';
import { WidgetState } from './WidgetState';

const SeriesChart = lazy(async () => ({ default: (await import('./SeriesChart')).SeriesChart }));

/** Ranges a series can show, in hours. */
export const SERIES_RANGES = [24, 24 * 7, 24 * 30] as const;

/** A time series of a device topic over a chosen range; numeric samples only (others cannot be plotted). */
export function SeriesWidget({ widget, version }: { widget: Widget; version: string }) {
  const translate = useTranslate();
  const [hours, setHours] = useState<number>(SERIES_RANGES[0]);
  const load = useWidgetData(widget.id, version, hours);
  const points =
    load.status === 'done' && load.data.type === 'SERIES'
      ? load.data.points
          .filter((point): point is { ts: string; value: number } => typeof point.value === 'number')
          .map((point) => ({ ts: Date.parse(point.ts), value: point.value }))
      : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={hours}
        onChange={(_event, value: number | null) => value && setHours(value)}
        aria-label={translate('app.dashboards.range')}
        sx={{ mb: 1 }}
        className="widget-no-drag"
      >
        {SERIES_RANGES.map((range) => (
          <ToggleButton key={range} value={range}>
            {translate(`app.dashboards.ranges.h${range}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ flex: 1, minHeight: 0 }} data-testid="series-chart">
        <WidgetState load={load} isEmpty={points.length === 0}>
          <Suspense fallback={<LinearProgress />}>
            <SeriesChart points={points} />
          </Suspense>
        </WidgetState>
      </Box>
    </Box>
  );
}
