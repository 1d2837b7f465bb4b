import { Alert, Box, Typography, useTheme } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { ChartFigure } from '../../common/charts/ChartFigure';
import { Section } from '../../common/Section';
import { useApiQuery } from '../../common/useApiQuery';
import { useRecordLiveQuery } from '../../common/useLiveQuery';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { TopicValue } from '../../types/api';
import { SeriesExport } from './SeriesExport';

/**
 * One numeric topic's recent values. Its series is read again only when the topic has a newer
 * value (the topics' own refresh tells), not on every refresh of the page.
 */
function TopicChart({ deviceId, topic }: { deviceId: Identifier; topic: TopicValue }) {
  const translate = useTranslate();
  const theme = useTheme();
  const dataProvider = useDataProvider<AppDataProvider>();
  const series = useApiQuery({
    queryKey: ['topicSeries', deviceId, topic.topic, topic.last_timestamp],
    queryFn: () => dataProvider.topicSeries(deviceId, topic.topic),
    placeholderData: (previous) => previous,
  });
  const rows = (series.data ?? []).map((point) => ({ ts: Date.parse(point.ts), value: point.value }));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {topic.topic}
        </Typography>
        <Typography variant="body2" fontWeight={600}>
          {String(topic.last_value)}
        </Typography>
      </Box>
      {series.isError && <Alert severity="error">{translate('app.operations.topic_charts.error', { topic: topic.topic })}</Alert>}
      {series.isSuccess && rows.length === 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.operations.topic_charts.no_points', { topic: topic.topic })}
        </Typography>
      )}
      {rows.length > 0 && (
        <ChartFigure
          label={translate('app.operations.topic_charts.chart', { topic: topic.topic })}
          height={56}
          compact
          rows={rows}
          lines={[{ key: 'value', name: topic.topic, color: theme.palette.primary.main }]}
        />
      )}
    </Box>
  );
}

/** A small chart of each numeric topic of the device, beside the topics table. */
export function TopicCharts() {
  const record = useRecordContext<{ id: Identifier }>();
  const translate = useTranslate();
  const id = record?.id;
  // The topics table (TopicsPanel) reads the same query: this refresh keeps it live too.
  const topics = useRecordLiveQuery('deviceTopics', (dataProvider, deviceId) => dataProvider.deviceTopics(deviceId));
  const numeric = (topics.data ?? []).filter((topic) => typeof topic.last_value === 'number');
  if (id === undefined) return null;
  return (
    <Section
      title={translate('app.operations.topic_charts.title')}
      load={{ isPending: topics.isPending, isError: topics.isError }}
      isEmpty={numeric.length === 0}
      emptyText={translate('app.operations.topic_charts.empty')}
      errorText={translate('app.devices.topics_error')}
      toolbar={<SeriesExport deviceId={id} />}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {numeric.map((topic) => (
          <TopicChart key={topic.topic} deviceId={id} topic={topic} />
        ))}
      </Box>
    </Section>
  );
}
