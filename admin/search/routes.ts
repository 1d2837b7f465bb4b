import type { SearchResult, SearchType } from '../types/api';

/** Result types that navigate, and the list route each opens (events do not navigate). */
const LIST_ROUTES: Partial<Record<SearchType, string>> = {
  device: '/devices',
  gateway: '/gateways',
  unit: '/units',
  group: '/groups',
  company: '/companies',
  tenant: '/tenants',
};

export const RESULT_GROUPS: SearchType[] = ['device', 'gateway', 'unit', 'group', 'company', 'tenant', 'event'];

/** The list route with `filters` holding `{"id": …}` (spec §2), or null for events. */
export function resultTarget(result: SearchResult): string | null {
  const route = LIST_ROUTES[result.type];
  if (!route) return null;
  return `${route}?${new URLSearchParams({ filters: JSON.stringify({ id: result.id }) }).toString()}`;
}

export function groupResults(results: SearchResult[]): [SearchType, SearchResult[]][] {
  return RESULT_GROUPS.map((type): [SearchType, SearchResult[]] => [type, results.filter((result) => result.type === type)]).filter(
    ([, items]) => items.length > 0,
  );
}
