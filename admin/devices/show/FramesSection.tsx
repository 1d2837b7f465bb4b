import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChartFigure } from '../../common/charts/ChartFigure';
import { Section } from '../../common/Section';
import { useRecordLiveQuery } from '../../common/useLiveQuery';
import type { Frame } from '../../types/api';
import { FramesTable } from './FramesTable';

/** How many of the newest frames the page shows (table and chart). */
export const FRAMES_SHOWN = 50;

/** RSSI and SNR of the strongest reception of each frame, oldest first: how the link develops. */
function LinkQualityChart({ frames }: { frames: Frame[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const rows = frames.map((frame) => ({ ts: Date.parse(frame.received_at), rssi: frame.rssi, snr: frame.snr })).reverse();
  return (
    <ChartFigure
      label={translate('app.operations.frames.link_quality_chart', { smart_count: frames.length })}
      height={220}
      rows={rows}
      lines={[
        { key: 'rssi', name: translate('app.operations.frames.rssi'), color: theme.palette.primary.main },
        { key: 'snr', name: translate('app.operations.frames.snr'), color: theme.palette.secondary.main, axis: 'right' },
      ]}
    />
  );
}

/** The device's newest uplinks with every gateway's reception, and the link quality over time. */
export function FramesSection() {
  const translate = useTranslate();
  const frames = useRecordLiveQuery('deviceFrames', (dataProvider, id) => dataProvider.deviceFrames(id, FRAMES_SHOWN));
  const results = frames.data?.results ?? [];
  return (
    <Section
      title={translate('app.operations.frames.title')}
      load={{ isPending: frames.isPending, isError: frames.isError }}
      isEmpty={results.length === 0}
      emptyText={translate('app.operations.frames.empty')}
      errorText={translate('app.operations.frames.error')}
    >
      <LinkQualityChart frames={results} />
      <FramesTable frames={results} />
    </Section>
  );
}
