import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { TablePager } from '../../common/TablePager';
import { useTranslate } from 'react-admin';
import { Section } from '../../common/Section';
import { useDebouncedValue } from '../../common/useDebouncedValue';
import { useRecordLiveQuery } from '../../common/useLiveQuery';
import type { EventsFilter } from '../../providers/operationsApi';
import { EventsTable } from './EventsTable';

type EventType = NonNullable<EventsFilter['type']>;
type LogLevel = NonNullable<EventsFilter['level']>;
const EVENT_TYPES: readonly EventType[] = ['up', 'join', 'status', 'log', 'error', 'ack', 'txack', 'location', 'integration'];
const LOG_LEVELS: readonly LogLevel[] = ['ERROR', 'WARNING', 'INFO'];
const PAGE_SIZES = [10, 25, 50];
/** The periods to choose from, in days (issue #24: a read covers one period, at most the API's 31 days). */
const PERIODS = { day: 1, week: 7, month: 30 } as const;
type Period = keyof typeof PERIODS;
/** As the global search: one request after a pause in typing, not one per key. */
export const EVENT_SEARCH_DEBOUNCE_MS = 300;

/** A select of the filter bar; '' is "all". */
function FilterSelect<T extends string>(props: {
  label: string;
  value: T | '';
  options: readonly T[];
  text: (option: T) => string;
  onChange: (value: T | '') => void;
}) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as T | '')}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{translate('app.operations.events.all')}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option} value={option}>
          {props.text(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The device's event log with the network server's logs (level and code) of one period (the last
 * 7 days unless chosen), searched by text, filtered by type or level, paged.
 */
export function EventsSection() {
  const translate = useTranslate();
  const [type, setType] = useState<EventType | ''>('');
  const [level, setLevel] = useState<LogLevel | ''>('');
  const [text, setText] = useState('');
  const [period, setPeriod] = useState<Period>('week');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[1] ?? 25);
  const q = useDebouncedValue(text.trim(), text.trim() ? EVENT_SEARCH_DEBOUNCE_MS : 0);
  const filter: EventsFilter = { type: type || undefined, level: level || undefined, q: q || undefined, days: PERIODS[period], page: page + 1, perPage };
  const events = useRecordLiveQuery('deviceEvents', (dataProvider, id) => dataProvider.deviceEvents(id, filter), filter);
  const results = events.data?.results ?? [];

  const toolbar = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
      <TextField
        size="small"
        type="search"
        label={translate('app.operations.events.search')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setPage(0);
        }}
        sx={{ minWidth: 220 }}
      />
      <TextField
        select
        size="small"
        label={translate('app.operations.events.period')}
        value={period}
        onChange={(event) => {
          setPeriod(event.target.value as Period);
          setPage(0);
        }}
        sx={{ minWidth: 180 }}
      >
        {(Object.keys(PERIODS) as Period[]).map((option) => (
          <MenuItem key={option} value={option}>
            {translate(`app.operations.events.periods.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <FilterSelect
        label={translate('app.operations.events.type_filter')}
        value={type}
        options={EVENT_TYPES}
        text={(option) => translate(`app.operations.events.types.${option}`)}
        onChange={(value) => {
          setType(value);
          // A level applies to logs only: another type clears it.
          if (value !== 'log') setLevel('');
          setPage(0);
        }}
      />
      <FilterSelect
        label={translate('app.operations.events.level_filter')}
        value={level}
        options={LOG_LEVELS}
        text={(option) => translate(`app.operations.events.levels.${option}`)}
        onChange={(value) => {
          setLevel(value);
          if (value) setType('log');
          setPage(0);
        }}
      />
    </Stack>
  );

  return (
    <Section
      title={translate('app.operations.events.title')}
      load={{ isPending: events.isPending, isError: events.isError }}
      isEmpty={results.length === 0}
      emptyText={q ? translate('app.operations.events.no_match', { query: q }) : translate('app.operations.events.empty')}
      errorText={translate('app.operations.events.error')}
      toolbar={toolbar}
    >
      <EventsTable events={results} />
      <TablePager count={events.data?.count ?? 0} page={page} perPage={perPage} perPageOptions={PAGE_SIZES} onPage={setPage} onPerPage={setPerPage} />
    </Section>
  );
}
