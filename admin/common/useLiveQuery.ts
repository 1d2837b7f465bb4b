import { useDataProvider, useRecordContext, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useApiQuery } from './useApiQuery';

/**
 * How often the device and gateway pages ask again (issue #14: new frames appear without a
 * reload). Polling rather than server-sent events: every read stays a plain data-provider call.
 */
export const LIVE_REFRESH_MS = 5_000;

/**
 * A read about the show page's record (its frames, events, heard devices …) through the data
 * provider, refreshing itself while the page is open; it waits until the record is known. A
 * failed refresh keeps showing the error (with the next refresh as the retry) rather than stale
 * data. `name` and `params` make the query key, so a changed filter is a new read.
 */
export function useRecordLiveQuery<TData>(
  name: string,
  load: (dataProvider: AppDataProvider, id: Identifier) => Promise<TData>,
  ...params: readonly unknown[]
) {
  const id = useRecordContext<{ id: Identifier }>()?.id;
  const dataProvider = useDataProvider<AppDataProvider>();
  return useApiQuery({
    queryKey: [name, id, ...params],
    queryFn: () => load(dataProvider, id as Identifier),
    enabled: id !== undefined,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
