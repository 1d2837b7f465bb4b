import { useDataProvider, useRecordContext, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useApiQuery } from './useApiQuery';
import { useLiveFallbackInterval } from '../layout/LiveUpdates';

/**
 * A read about the show page's record (its frames, events, heard devices …) through the data
 * provider; it waits until the record is known. The tab's live stream marks it stale when the
 * record changes (its key is `[name, id, …]`, see layout/liveInvalidation.ts); only while the
 * stream is down does it poll, slowly. `name` and `params` make the query key, so a changed
 * filter is a new read.
 */
export function useRecordLiveQuery<TData>(
  name: string,
  load: (dataProvider: AppDataProvider, id: Identifier) => Promise<TData>,
  ...params: readonly unknown[]
) {
  const id = useRecordContext<{ id: Identifier }>()?.id;
  const dataProvider = useDataProvider<AppDataProvider>();
  const fallback = useLiveFallbackInterval();
  return useApiQuery({
    queryKey: [name, id, ...params],
    queryFn: () => load(dataProvider, id as Identifier),
    enabled: id !== undefined,
    refetchInterval: fallback,
  });
}
