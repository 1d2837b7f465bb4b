import { MenuItem, TextField } from '@mui/material';
import { useApiQuery } from '../common/useApiQuery';
import { useDataProvider, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../providers/dataProvider';

/** The topic of the chosen device: its known topics to pick from (spec §3 Widget: topic). */
export function TopicInput({ required = false }: { required?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const device = useWatch<{ device?: string | null }>({ name: 'device' });
  const { field, fieldState } = useInput({
    source: 'topic',
    validate: required ? (value: unknown) => (value ? undefined : 'ra.validation.required') : undefined,
  });
  const chosen = typeof device === 'string' && device ? device : null;
  // The same query as the device page's topics panel; no retries, the helper text says it failed.
  const load = useApiQuery({ queryKey: ['deviceTopics', chosen], queryFn: () => dataProvider.deviceTopics(chosen ?? ''), enabled: chosen !== null });
  const topics = load.data ?? [];
  const failed = load.isError;

  const value = typeof field.value === 'string' ? field.value : '';
  const known = topics.some((topic) => topic.topic === value);
  const helper = failed
    ? translate('app.devices.topics_error')
    : fieldState.error?.message
      ? translate(fieldState.error.message)
      : topics.length === 0 && device
        ? translate('app.devices.topics_empty')
        : ' ';
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
