/**
 * How each react-admin resource maps onto the spec §7 paths. Data, not code: the data provider
 * reads this table instead of branching per resource.
 */
export interface ResourceRoute {
  /** Collection path; `{company}` is replaced by the selected company id. */
  path: string;
  /** How the selected company is passed: as `?company_id=` (and in created records), in the path, or not at all. */
  scope: 'query' | 'path' | 'none';
  /** Whether item paths end with a slash (as the spec writes them). */
  itemSlash: boolean;
  /** Reading one record: GET on the item path, or the list filtered by `id`. */
  getOne: 'item' | 'list';
  update: 'PUT' | 'PATCH' | null;
  /** Whether the list takes `ids` (up to MAX_IDS_PER_REQUEST), so react-admin's getMany is one request. */
  manyByIds?: boolean;
  /** Whether the list is asked to stop counting past the API's bound (`bounded_count`, the device list at fleet scale). */
  boundedCount?: boolean;
  /** Endpoint that marks many records read in one call (notifications, spec §7). */
  bulkMarkRead?: string;
}

/** The server's limit on `ids` in one list call (server/src/schemas/common.ts MAX_IDS). */
export const MAX_IDS_PER_REQUEST = 100;

const route = (path: string, options: Partial<Omit<ResourceRoute, 'path'>> = {}): ResourceRoute => ({
  path,
  scope: 'none',
  itemSlash: true,
  getOne: 'item',
  update: 'PATCH',
  ...options,
});

export const RESOURCE_ROUTES: Record<string, ResourceRoute> = {
  devices: route('/device/', { scope: 'query', update: 'PUT', manyByIds: true, boundedCount: true }),
  gateways: route('/gateway/', { scope: 'query', manyByIds: true }),
  units: route('/unit/', { scope: 'query', update: 'PUT', getOne: 'list', manyByIds: true }),
  groups: route('/group/', { scope: 'query', getOne: 'list', manyByIds: true }),
  profiles: route('/config/{company}', { scope: 'path', itemSlash: false, getOne: 'list', manyByIds: true }),
  templates: route('/template/{company}', { scope: 'path', itemSlash: false, getOne: 'list', update: null }),
  companies: route('/company/'),
  tenants: route('/tenant/', { manyByIds: true }),
  'api-keys': route('/api-keys/', { itemSlash: false, getOne: 'list', update: null }),
  notifications: route('/user/notifications/', { itemSlash: false, getOne: 'list', bulkMarkRead: '/user/notifications/bulk-mark-read' }),
  dashboards: route('/dashboard/', { scope: 'query' }),
  webhooks: route('/webhook/', { scope: 'query', getOne: 'list', manyByIds: true }),
  rules: route('/rule/', { scope: 'query', itemSlash: false }),
  widgets: route('/widget/'),
};

export function resourceRoute(resource: string): ResourceRoute {
  const found = RESOURCE_ROUTES[resource];
  if (!found) throw new Error(`Unknown resource "${resource}"`);
  return found;
}

/** Collection path with the company filled in; null when a company is needed but none is selected. */
export function collectionPath(config: ResourceRoute, companyId: string | null): string | null {
  if (config.scope !== 'path') return config.path;
  return companyId ? config.path.replace('{company}', companyId) : null;
}

export function itemPath(config: ResourceRoute, companyId: string | null, id: string | number): string | null {
  const base = collectionPath(config, companyId);
  if (base === null) return null;
  const joined = `${base.replace(/\/$/, '')}/${encodeURIComponent(String(id))}`;
  return config.itemSlash ? `${joined}/` : joined;
}
