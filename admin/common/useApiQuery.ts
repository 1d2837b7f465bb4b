import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';

/**
 * A custom screen's load through the data provider (DESIGN §7). A failure shows at once, with
 * the screen's own Retry, instead of after react-query's three silent retries.
 */
export function useApiQuery<TData, TKey extends QueryKey>(options: UseQueryOptions<TData, Error, TData, TKey>): UseQueryResult<TData, Error> {
  return useQuery({ retry: false, ...options });
}
