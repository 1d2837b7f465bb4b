import { Alert, Box, Card, CardContent, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useApiQuery } from '../common/useApiQuery';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useFormatters } from '../common/format';
import { usePhone } from '../common/PhoneOrGrid';

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The device's topics: each decoded field with its last value, when it came and which decoder
 * produced it (ChirpStack's or the profile codec, issue #14) (spec §2, §8).
 */
export function TopicsPanel() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const format = useFormatters();
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = record?.id;
  // The widget editor's topic picker reads the same query; a failed load shows at once (no retries).
  const load = useApiQuery({ queryKey: ['deviceTopics', id], queryFn: () => dataProvider.deviceTopics(id ?? ''), enabled: Boolean(id) });
  const topics = load.isError ? undefined : load.data;
  const phone = usePhone();

  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: { md: 320 }, alignSelf: { xs: 'stretch', md: 'flex-start' } }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.devices.topics')}
        </Typography>
        {load.isPending && <LinearProgress />}
        {load.isError && <Alert severity="error">{translate('app.devices.topics_error')}</Alert>}
        {topics?.length === 0 && <Typography color="text.secondary">{translate('app.devices.topics_empty')}</Typography>}
        {/* On a phone a topic is a short block: four columns would not fit 360 px. */}
        {topics && topics.length > 0 && phone && (
          <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} spacing={1} data-testid="topic-cards">
            {topics.map((topic) => (
              <Box key={topic.topic} sx={{ overflowWrap: 'anywhere' }}>
                <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{topic.topic}</Typography>
                <Typography>{show(topic.last_value)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {format.dateTime(topic.last_timestamp)}
                  {topic.decoded_by && <> · {translate(`app.devices.decoders.${topic.decoded_by}`)}</>}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
        {topics && topics.length > 0 && !phone && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.devices.topic')}</TableCell>
                <TableCell>{translate('app.devices.last_value')}</TableCell>
                <TableCell>{translate('app.devices.last_timestamp')}</TableCell>
                <TableCell>{translate('app.devices.decoded_by')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {topics.map((topic) => (
                <TableRow key={topic.topic}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{topic.topic}</TableCell>
                  <TableCell>{show(topic.last_value)}</TableCell>
                  <TableCell>{format.dateTime(topic.last_timestamp)}</TableCell>
                  {/* Empty for values stored before the decoder was recorded. */}
                  <TableCell>
                    {topic.decoded_by && <Chip size="small" variant="outlined" label={translate(`app.devices.decoders.${topic.decoded_by}`)} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
