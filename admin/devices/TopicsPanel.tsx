import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AppDataProvider, TopicValue } from '../providers/dataProvider';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; topics: TopicValue[] };

const show = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The device's topics: each decoded field with its last value and when it came (spec §2, §8). */
export function TopicsPanel() {
  const record = useRecordContext<{ id: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const id = record?.id;

  useEffect(() => {
    if (!id) return;
    let active = true;
    setLoad({ status: 'loading' });
    dataProvider.deviceTopics(id).then(
      (topics) => active && setLoad({ status: 'done', topics }),
      () => active && setLoad({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [dataProvider, id]);

  return (
    <Card sx={{ ml: { md: 2 }, mt: { xs: 2, md: 0 }, minWidth: 320, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.devices.topics')}
        </Typography>
        {load.status === 'loading' && <LinearProgress />}
        {load.status === 'error' && <Alert severity="error">{translate('app.devices.topics_error')}</Alert>}
        {load.status === 'done' && load.topics.length === 0 && <Typography color="text.secondary">{translate('app.devices.topics_empty')}</Typography>}
        {load.status === 'done' && load.topics.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.devices.topic')}</TableCell>
                <TableCell>{translate('app.devices.last_value')}</TableCell>
                <TableCell>{translate('app.devices.last_timestamp')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {load.topics.map((topic) => (
                <TableRow key={topic.topic}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{topic.topic}</TableCell>
                  <TableCell>{show(topic.last_value)}</TableCell>
                  <TableCell>{new Date(topic.last_timestamp).toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
