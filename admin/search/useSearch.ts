import { useCallback, useState } from 'react';
import { useApiQuery } from '../common/useApiQuery';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useDebouncedValue } from '../common/useDebouncedValue';
import type { SearchResult } from '../types/api';

export const SEARCH_DEBOUNCE_MS = 300;

export type SearchStatus = 'idle' | 'searching' | 'results' | 'empty' | 'error';

export interface SearchState {
  query: string;
  results: SearchResult[];
  loading: boolean;
  error: boolean;
  /** The trimmed query the shown results answer. */
  searched: string;
}

export function searchStatus(state: SearchState): SearchStatus {
  if (state.loading) return 'searching';
  if (state.error) return 'error';
  if (!state.query.trim() || !state.searched) return 'idle';
  return state.results.length > 0 ? 'results' : 'empty';
}

/**
 * Search states of spec §4: a blank (trimmed) query clears results without a request; otherwise
 * the request goes out after 300 ms without typing. A failure is logged and clears the results.
 */
export function useSearch(includeTenants: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const searched = useDebouncedValue(trimmed, trimmed ? SEARCH_DEBOUNCE_MS : 0);
  const answer = useApiQuery({
    queryKey: ['search', searched, includeTenants],
    queryFn: () =>
      dataProvider.search(searched, includeTenants).catch((error: unknown) => {
        console.error('Search failed', error);
        throw error;
      }),
    enabled: searched !== '',
    // The error state shows at once; the next keystroke searches again.
  });
  const state: SearchState = {
    query,
    results: (!answer.isError && answer.data) || [],
    loading: answer.isFetching,
    error: answer.isError,
    searched,
  };

  /** Closing the dialog resets query, results, loading and error. */
  const reset = useCallback(() => setQuery(''), []);

  return { state, status: searchStatus(state), setQuery, reset };
}
