import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import type {
  ApiKeyWithSecret,
  CodecTestInput,
  CodecTestResult,
  Company,
  CompanyPeople,
  DeviceImportResult,
  Drift,
  Downlink,
  DownlinkCreated,
  DownlinkInput,
  DownlinkList,
  FilterOption,
  GatewayCertificate,
  GatewayNetwork,
  NetworkStatus,
  ReconcileResult,
  SearchResult,
  SyncKind,
  Tenant,
  TopicValue,
  UnregisteredDevice,
  User,
  Version,
  Usage,
  BillPreview,
  Billing,
  WebhookDelivery,
  WebhookWithSecret,
  WidgetData,
  CompanyRole,
  InviteCreateBody,
} from '../types/api';
import type { CompanyApi } from '../stores/companyStore';
import type { UserApi } from '../stores/userStore';
import { ApiError, apiDownload, apiRequest, type Download } from './http';
import { fieldErrorMessages } from './serverMessages';
import { collectionPath, itemPath, MAX_IDS_PER_REQUEST, resourceRoute, type ResourceRoute } from './resources';
import { operationsApi, type OperationsApi } from './operationsApi';
import { auditApi, type AuditApi } from './auditApi';
import { operatorApi, type OperatorApi } from './operatorApi';
import { rulesApi, type RulesApi } from './rulesApi';
import { alertPreferencesApi, type AlertPreferencesApi } from './alertPreferencesApi';
import { liveApi, type LiveApi } from './liveApi';
import { emailChangeApi, type EmailChangeApi } from './emailChangeApi';
import { bulkJobsApi, type BulkJobsApi } from './bulkJobsApi';

/** The error the stores' calls reject with: the API's status, code and catalogue key. */
export { ApiError };

interface Page<T> {
  count: number;
  /** False when the API stopped counting (BoundedPage, the device list): more than `count` match. */
  count_exact?: boolean;
  results: T[];
}

/** What a list answer carries beside its rows: `moreThan` when its count was bounded (the pager says "of more than N"). */
export interface BoundedListMeta {
  moreThan?: number;
}

/**
 * react-admin's list answer. A bounded count becomes partial pagination: the API counted past this
 * page's end (countBound), so a next page exists; the bound goes to `meta` for the pager's words.
 */
function listResult<T>(page: Page<T>, pagination: GetListParams['pagination'] | undefined) {
  if (page.count_exact !== false) return { data: page.results, total: page.count };
  const meta: BoundedListMeta = { moreThan: page.count };
  return { data: page.results, pageInfo: { hasNextPage: true, hasPreviousPage: (pagination?.page ?? 1) > 1 }, meta };
}

/** One device of a bulk import (POST /device/bulk/). */
export interface BulkDevice {
  dev_eui: string;
  join_eui?: string;
  app_key: string;
  name?: string;
  config?: string | null;
}

/**
 * react-admin's methods, the typed custom calls screens use, and the calls of the user and company
 * stores (spec §4). The stores' calls reject with the API's own ApiError, not an HttpError: the
 * stores keep its catalogue key, or put their fallback text in place of an error without one.
 */
export interface AppDataProvider
  extends DataProvider, UserApi, CompanyApi, OperationsApi, AuditApi, RulesApi, OperatorApi, AlertPreferencesApi, LiveApi, EmailChangeApi, BulkJobsApi {
  /** Imports up to 1,000 devices into the selected company; each row is answered on its own. */
  importDevices(devices: BulkDevice[], config: string | null): Promise<DeviceImportResult[]>;
  /** The device list with its filters and order as a CSV file (GET /device/export), named by the server. */
  exportDevices(params: Pick<GetListParams, 'filter' | 'sort'>): Promise<Download>;
  widgetData(id: Identifier, range?: { from: string; to: string }): Promise<WidgetData>;
  /** Values a list column can be filtered by, with counts, in the selected company (spec §7 filter_options). */
  filterOptions(model: string, field: string, search: string): Promise<FilterOption[]>;
  /** Invites someone by email into a company; the answer carries the one-time code. */
  inviteUser(companyId: string, email: string, options?: InviteOptions): Promise<CompanyPeople['invites'][number]>;
  /** A member's new role; admins up to their own, never the last owner (the server says why not). */
  changeMemberRole(companyId: string, userId: string, role: CompanyRole): Promise<void>;
  /** Removes a member: their sessions and keys lose the company at once. */
  removeMember(companyId: string, userId: string): Promise<void>;
  leaveCompany(companyId: string): Promise<void>;
  /** The member becomes an owner, the caller an admin. */
  transferOwnership(companyId: string, userId: string): Promise<void>;
  deleteInvite(inviteId: string): Promise<void>;
  /** Joins the company of an invite code; answers the company's id. */
  joinWithCode(code: string): Promise<{ company_id: string }>;
  /** Copies a store template into the selected company as a device profile. */
  copyTemplate(templateId: Identifier): Promise<RaRecord>;
  /** Runs a codec (saved or not) on one uplink in the server's sandbox, for the selected company. */
  codecTest(input: CodecTestInput): Promise<CodecTestResult>;
  deviceTopics(id: Identifier): Promise<TopicValue[]>;
  /** Sends a downlink to the device (bytes as hex or base64, or JSON for the profile's codec): recorded as pending, pushed to the network server in the background. */
  sendDownlink(id: Identifier, input: DownlinkInput): Promise<DownlinkCreated>;
  /** The device's recent downlinks with their state, newest first. */
  downlinks(id: Identifier): Promise<Downlink[]>;
  /** Flushes the device's downlink queue: what has not left yet is cancelled. */
  flushDownlinkQueue(id: Identifier): Promise<void>;
  /** Issues a fresh client certificate for a gateway (the key exists only in this answer); the gateway's earlier ones stop working. */
  issueGatewayCertificate(id: Identifier): Promise<GatewayCertificate>;
  /** Whether the network server hears the gateway (its last-seen is recent); standalone says so. */
  gatewayNetwork(id: Identifier): Promise<GatewayNetwork>;
  search(query: string, includeTenants: boolean): Promise<SearchResult[]>;
  regenerateApiKey(id: Identifier): Promise<ApiKeyWithSecret>;
  /** A webhook's latest deliveries, newest first, with why each was not delivered (a category code). */
  webhookDeliveries(id: Identifier): Promise<WebhookDelivery[]>;
  /** Replaces a webhook's signing secret; the answer carries the new one, shown once. */
  rotateWebhookSecret(id: Identifier): Promise<WebhookWithSecret>;
  /** Queues a test delivery (POST /webhook/{id}/test); it shows among the webhook's deliveries. */
  sendWebhookTestEvent(id: Identifier): Promise<WebhookDelivery>;
  companyPeople(companyId: string): Promise<CompanyPeople>;
  /** The API's version (GET /version); failing means the backend is unavailable. */
  version(): Promise<Version>;
  /** A company's plan, devices and API tokens this month and the last 12 months (GET /usage/). */
  usage(companyId: string): Promise<Usage>;
  /** The month's projected bill, itemised as the pricing calculator does (GET /usage/bill). */
  billPreview(companyId: string, billing: Billing): Promise<BillPreview>;
  /** Sends the waiting change of a device, profile or gateway to the network server again, now (it becomes pending). */
  retryNetworkSync(kind: SyncKind, id: Identifier): Promise<void>;
  /** Which network server is linked, and how many changes of the user's companies wait or failed. */
  networkStatus(): Promise<NetworkStatus>;
  /** Where a company and the network server disagree (owners only; 409 standalone, 503 unreachable). */
  reconcileDrift(companyId: string): Promise<Drift[]>;
  /** Fixes the chosen differences of a company: ours is sent again, or what exists only there is adopted. */
  reconcileFix(companyId: string, items: ReconcileItem[]): Promise<ReconcileResult>;
  /** DevEUIs the network server sent events for that no device has, in the selected company, newest first. */
  unregisteredDevices(): Promise<UnregisteredDevice[]>;
}

/** A difference to fix, as the drift names it. */
export type ReconcileItem = Pick<Drift, 'kind' | 'key'>;

/** A file the API answers (an export): its content and the name the server gives it. */
export type { Download };

export interface DataProviderOptions {
  /** The selected company (spec §4); company-owned resources are read and written in its scope. */
  companyId: () => string | null;
}

/**
 * API errors become react-admin HttpErrors whose message is the catalogue key to translate and
 * whose `errors` are the field problems as translatable messages (react-admin shows them under
 * the fields of a form).
 */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError)
      throw new HttpError(error.key, error.status, { code: error.code, errors: fieldErrorMessages(error.fields, error.fieldCodes) });
    throw error;
  }
}

function listQuery(config: ResourceRoute, params: Partial<GetListParams>, companyId: string | null) {
  const { q, ...filters } = (params.filter ?? {}) as Record<string, string | number | boolean | undefined>;
  const query: Record<string, string | number | boolean | undefined> = { ...filters };
  if (params.pagination) {
    query.page = params.pagination.page;
    query.page_size = params.pagination.perPage;
  }
  // react-admin defaults to sorting by id, which no list endpoint offers; only real columns are sent.
  if (params.sort && params.sort.field && params.sort.field !== 'id') {
    query.ordering = `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`;
  }
  if (q !== undefined && String(q).trim()) query.search = String(q).trim();
  if (config.scope === 'query') query.company_id = companyId ?? undefined;
  return query;
}

export function createDataProvider({ companyId }: DataProviderOptions): AppDataProvider {
  const needsCompany = (config: ResourceRoute) => config.scope !== 'none' && !companyId();
  /** The selected company; without one there is nothing to address. */
  const selectedCompany = (): string => {
    const company = companyId();
    if (!company) throw new ApiError(404, { code: 'notFound' });
    return company;
  };

  const getOne = async <R extends RaRecord>(resource: string, id: Identifier, signal?: AbortSignal): Promise<R> => {
    const config = resourceRoute(resource);
    if (config.getOne === 'list') {
      const page = await apiRequest<Page<R>>(collectionPath(config, companyId()) ?? '', {
        query: listQuery(config, { filter: { id } }, companyId()),
        signal,
      });
      const record = page.results[0];
      if (!record) throw new ApiError(404, { code: 'notFound' });
      return record;
    }
    return apiRequest<R>(itemPath(config, companyId(), id) ?? '', { signal });
  };

  const provider: AppDataProvider = {
    // react-admin then hands every read its AbortSignal: a superseded list or a page left is cancelled.
    supportAbortSignal: true,
    getList: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        if (needsCompany(config)) return { data: [], total: 0 };
        const page = await apiRequest<Page<never>>(collectionPath(config, companyId()) ?? '', {
          query: { ...listQuery(config, params, companyId()), bounded_count: config.boundedCount },
          signal: params.signal,
        });
        return listResult(page, params.pagination);
      }),
    getOne: (resource, params) => call(async () => ({ data: await getOne(resource, params.id, params.signal) })),
    getMany: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        if (!config.manyByIds) return { data: await Promise.all(params.ids.map((id) => getOne<never>(resource, id, params.signal))) };
        if (needsCompany(config)) return { data: [] };
        // One request per MAX_IDS_PER_REQUEST ids (a reference column of a page is one request).
        const ids = [...new Set(params.ids.map(String))];
        const chunks = Array.from({ length: Math.ceil(ids.length / MAX_IDS_PER_REQUEST) }, (_, i) =>
          ids.slice(i * MAX_IDS_PER_REQUEST, (i + 1) * MAX_IDS_PER_REQUEST),
        );
        const pages = await Promise.all(
          chunks.map((chunk) =>
            apiRequest<Page<never>>(collectionPath(config, companyId()) ?? '', {
              query: listQuery(config, { filter: { ids: chunk.join(',') }, pagination: { page: 1, perPage: chunk.length } }, companyId()),
              signal: params.signal,
            }),
          ),
        );
        return { data: pages.flatMap((page) => page.results) };
      }),
    getManyReference: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        const page = await apiRequest<Page<never>>(collectionPath(config, companyId()) ?? '', {
          query: listQuery(config, { ...params, filter: { ...params.filter, [params.target]: params.id } }, companyId()),
          signal: params.signal,
        });
        return listResult(page, params.pagination);
      }),
    create: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        const body = config.scope === 'query' ? { company_id: companyId(), ...params.data } : params.data;
        return { data: await apiRequest<never>(collectionPath(config, companyId()) ?? '', { method: 'POST', body }) };
      }),
    update: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        if (!config.update) throw new ApiError(405, { code: 'general' });
        const body = changedFields(params.data, params.previousData);
        return { data: await apiRequest<never>(itemPath(config, companyId(), params.id) ?? '', { method: config.update, body }) };
      }),
    updateMany: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        // Marking read has a bulk endpoint (spec §7); anything else is updated record by record.
        if (config.bulkMarkRead && params.data.is_read === true) {
          await apiRequest(config.bulkMarkRead, { method: 'PATCH', body: { ids: params.ids } });
          return { data: params.ids };
        }
        await Promise.all(params.ids.map((id) => apiRequest(itemPath(config, companyId(), id) ?? '', { method: config.update ?? 'PATCH', body: params.data })));
        return { data: params.ids };
      }),
    delete: (resource, params) =>
      call(async () => {
        await apiRequest(itemPath(resourceRoute(resource), companyId(), params.id) ?? '', { method: 'DELETE' });
        return { data: params.previousData ?? ({ id: params.id } as never) };
      }),
    deleteMany: (resource, params) =>
      call(async () => {
        const config = resourceRoute(resource);
        await Promise.all(params.ids.map((id) => apiRequest(itemPath(config, companyId(), id) ?? '', { method: 'DELETE' })));
        return { data: params.ids };
      }),
    search: (query, includeTenants) =>
      call(async () => (await apiRequest<{ results: SearchResult[] }>('/search/', { query: { q: query, include_tenants: includeTenants } })).results),
    regenerateApiKey: (id) => call(() => apiRequest<ApiKeyWithSecret>(`/api-keys/${encodeURIComponent(String(id))}/regenerate`, { method: 'PUT' })),
    webhookDeliveries: (id) => call(() => apiRequest<WebhookDelivery[]>(`${webhookPath(id)}/deliveries`)),
    rotateWebhookSecret: (id) => call(() => apiRequest<WebhookWithSecret>(`${webhookPath(id)}/rotate-secret`, { method: 'POST' })),
    sendWebhookTestEvent: (id) => call(() => apiRequest<WebhookDelivery>(`${webhookPath(id)}/test`, { method: 'POST' })),
    ...operationsApi(call),
    ...auditApi(call),
    ...operatorApi(call),
    ...rulesApi(call),
    ...alertPreferencesApi(call),
    ...liveApi(),
    ...emailChangeApi(call),
    ...bulkJobsApi(call, selectedCompany),
    deviceTopics: (id) => call(() => apiRequest<TopicValue[]>(`/device/${encodeURIComponent(String(id))}/topics/values`)),
    sendDownlink: (id, input) => call(() => apiRequest<DownlinkCreated>(downlinkPath(id), { method: 'POST', body: input })),
    downlinks: (id) => call(async () => (await apiRequest<DownlinkList>(downlinkPath(id))).items),
    flushDownlinkQueue: (id) => call(async () => void (await apiRequest(downlinkPath(id), { method: 'DELETE' }))),
    exportDevices: (params) => call(() => apiDownload('/device/export', { query: listQuery(resourceRoute('devices'), params, companyId()) }, 'devices.csv')),
    importDevices: (devices, config) =>
      call(async () => {
        const answer = await apiRequest<{ results: DeviceImportResult[] }>('/device/bulk/', {
          method: 'POST',
          body: { company_id: selectedCompany(), config, devices },
        });
        return answer.results;
      }),
    widgetData: (id, range) => call(() => apiRequest<WidgetData>(`/widget/${encodeURIComponent(String(id))}/data`, { query: range ?? {} })),
    filterOptions: (model, field, search) =>
      call(
        async () =>
          (
            await apiRequest<{ results: FilterOption[] }>(`/filter_options/${encodeURIComponent(model)}/${encodeURIComponent(field)}`, {
              query: { company_id: companyId() ?? undefined, search: search.trim() || undefined },
            })
          ).results,
      ),
    inviteUser: (company, email, options = {}) =>
      call(() => apiRequest<CompanyPeople['invites'][number]>('/invite/', { method: 'POST', body: { company_id: company, email, ...options } })),
    changeMemberRole: (company, userId, role) =>
      call(async () => void (await apiRequest(`${membersPath(company)}/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }))),
    removeMember: (company, userId) => call(async () => void (await apiRequest(`${membersPath(company)}/${encodeURIComponent(userId)}`, { method: 'DELETE' }))),
    leaveCompany: (company) => call(async () => void (await apiRequest(`/company/${encodeURIComponent(company)}/leave`, { method: 'POST' }))),
    transferOwnership: (company, userId) =>
      call(async () => void (await apiRequest(`/company/${encodeURIComponent(company)}/transfer`, { method: 'POST', body: { user_id: userId } }))),
    deleteInvite: (inviteId) => call(async () => void (await apiRequest(`/invite/${encodeURIComponent(inviteId)}`, { method: 'DELETE' }))),
    joinWithCode: (code) => call(() => apiRequest<{ company_id: string }>(`/invite/${encodeURIComponent(code.trim())}/join`, { method: 'POST' })),
    copyTemplate: (templateId) =>
      call(() => apiRequest<RaRecord>(`/template/${encodeURIComponent(selectedCompany())}/${encodeURIComponent(String(templateId))}`, { method: 'POST' })),
    codecTest: (input) =>
      call(() => apiRequest<CodecTestResult>(`/config/${encodeURIComponent(selectedCompany())}/codec-test`, { method: 'POST', body: input })),
    issueGatewayCertificate: (id) => call(() => apiRequest<GatewayCertificate>(`/gateway/${encodeURIComponent(String(id))}/cert`, { method: 'POST' })),
    gatewayNetwork: (id) => call(() => apiRequest<GatewayNetwork>(`/gateway/${encodeURIComponent(String(id))}/network`)),
    companyPeople: (id) => call(() => apiRequest<CompanyPeople>(`/company/${encodeURIComponent(id)}/i_query`)),
    version: () => call(() => apiRequest<Version>('/version')),
    usage: (companyId) => call(() => apiRequest<Usage>('/usage/', { query: { company_id: companyId } })),
    billPreview: (companyId, billing) => call(() => apiRequest<BillPreview>('/usage/bill', { query: { company_id: companyId, billing } })),
    retryNetworkSync: (kind, id) =>
      call(async () => void (await apiRequest(`/network/sync/${encodeURIComponent(kind)}/${encodeURIComponent(String(id))}/retry`, { method: 'POST' }))),
    networkStatus: () => call(() => apiRequest<NetworkStatus>('/network/status')),
    reconcileDrift: (company) => call(async () => (await apiRequest<{ drift: Drift[] }>('/network/reconcile', { query: { company_id: company } })).drift),
    reconcileFix: (company, items) => call(() => apiRequest<ReconcileResult>('/network/reconcile', { method: 'POST', body: { company_id: company, items } })),
    unregisteredDevices: () =>
      call(async () => (await apiRequest<{ results: UnregisteredDevice[] }>('/network/unregistered', { query: { company_id: selectedCompany() } })).results),
    currentUser: () => apiRequest<User>('/user/'),
    updateCurrentUser: (fields) => apiRequest<User>('/user/', { method: 'PUT', body: fields }),
    myCompanies: async () => {
      const page = await apiRequest<Partial<Page<Company>> | undefined>('/company/', { query: { page_size: 1000, ordering: 'name' } });
      // A body without the list carries no message of its own: the store's fallback text applies.
      if (!Array.isArray(page?.results)) throw new Error();
      return page.results;
    },
    tenant: (id) => apiRequest<Tenant>(`/tenant/${encodeURIComponent(id)}/`),
  };
  return provider;
}

const downlinkPath = (id: Identifier): string => `/device/${encodeURIComponent(String(id))}/downlink`;
const webhookPath = (id: Identifier): string => `/webhook/${encodeURIComponent(String(id))}`;
const membersPath = (company: string): string => `/company/${encodeURIComponent(company)}/members`;

/** What an invite carries beyond its address (issue #15). */
export type InviteOptions = Pick<InviteCreateBody, 'role' | 'expires_in_days' | 'is_open'>;

/**
 * Sends only what the form changed, minus read-only fields the API does not accept. The sync state
 * changes on its own (a retry refreshes the record under an open form), so it is never sent back.
 */
function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  const readOnly = new Set(['id', 'created_at', 'company_id', 'role', 'network_sync']);
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (readOnly.has(field)) continue;
    if (previous && JSON.stringify(previous[field]) === JSON.stringify(value)) continue;
    body[field] = value;
  }
  return body;
}
