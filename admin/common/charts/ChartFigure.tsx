import { lazy, Suspense } from 'react';
import { Box, LinearProgress } from '@mui/material';
import type { TimeChartProps } from './TimeChart';

const TimeChart = lazy(async () => ({ default: (await import('./TimeChart')).TimeChart }));

/**
 * A chart as one image named by `label` (what it shows, for screen readers and tests); recharts
 * loads with the first chart shown, not with the page.
 */
export function ChartFigure({ label, height, ...chart }: TimeChartProps & { label: string; height: number }) {
  return (
    <Box role="img" aria-label={label} sx={{ height, width: '100%', minWidth: 0 }}>
      <Suspense fallback={<LinearProgress />}>
        <TimeChart {...chart} />
      </Suspense>
    </Box>
  );
}
