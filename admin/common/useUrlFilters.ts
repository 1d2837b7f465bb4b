import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The `filters` query parameter (a JSON object, e.g. {"id": "…"} from the global search, spec §2)
 * as a react-admin list filter; anything unreadable is ignored.
 */
export function useUrlFilters(): Record<string, string> {
  const [params] = useSearchParams();
  const raw = params.get('filters');
  return useMemo(() => parseFilters(raw), [raw]);
}

export function parseFilters(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
