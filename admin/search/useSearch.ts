import { useCallback, useEffect, useState } from 'react';
import type { SearchResult } from '../providers/dataProvider';

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

const INITIAL: SearchState = { query: '', results: [], loading: false, error: false, searched: '' };

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
export function useSearch(search: (query: string) => Promise<SearchResult[]>) {
  const [state, setState] = useState<SearchState>(INITIAL);
  const trimmed = state.query.trim();

  useEffect(() => {
    if (!trimmed) {
      setState((current) => ({ ...current, results: [], loading: false, error: false, searched: '' }));
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setState((previous) => ({ ...previous, loading: true, error: false }));
      search(trimmed).then(
        (results) => {
          if (current) setState((previous) => ({ ...previous, results, loading: false, error: false, searched: trimmed }));
        },
        (error: unknown) => {
          console.error('Search failed', error);
          if (current) setState((previous) => ({ ...previous, results: [], loading: false, error: true, searched: trimmed }));
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, search]);

  const setQuery = useCallback((query: string) => setState((previous) => ({ ...previous, query })), []);
  /** Closing the dialog resets query, results, loading and error. */
  const reset = useCallback(() => setState(INITIAL), []);

  return { state, status: searchStatus(state), setQuery, reset };
}
