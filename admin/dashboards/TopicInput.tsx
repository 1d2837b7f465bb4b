import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider, TopicValue } from '../providers/dataProvider';

/** The topic of the chosen device: its known topics to pick from (spec §3 Widget: topic). */
export function TopicInput({ required = false }: { required?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const device = useWatch<{ device?: string | null }>({ name: 'device' });
  const { field, fieldState } = useInput({ source: 'topic', validate: required ? (value: unknown) => (value ? undefined : 'ra.validation.required') : undefined });
  const [topics, setTopics] = useState<TopicValue[]>([]);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (typeof device !== 'string' || !device) {
      setTopics([]);
      return;
    }
    let active = true;
    setFailed(false);
    dataProvider.deviceTopics(device).then(
      (found) => active && setTopics(found),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [dataProvider, device]);

  const value = typeof field.value === 'string' ? field.value : '';
  const known = topics.some((topic) => topic.topic === value);
  const helper = failed ? translate('app.devices.topics_error') : fieldState.error?.message ? translate(fieldState.error.message) : topics.length === 0 && device ? translate('app.devices.topics_empty') : ' ';
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={translate('app.dashboards.topic')}
      value={value}
      onChange={(event) => field.onChange(event.target.value || null)}
      error={failed || Boolean(fieldState.error)}
      helperText={helper}
      disabled={!device}
    >
      <MenuItem value="">
        <em>{translate('app.dashboards.all_topics')}</em>
      </MenuItem>
      {!known && value && <MenuItem value={value}>{value}</MenuItem>}
      {topics.map((topic) => (
        <MenuItem key={topic.topic} value={topic.topic}>
          {topic.topic}
        </MenuItem>
      ))}
    </TextField>
  );
}
