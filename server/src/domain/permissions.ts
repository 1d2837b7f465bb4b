import type { CompanyRole } from './roles.js';
import { AUDIT_READER_ROLE } from './audit.js';

/** Records whose company decides who may touch them (their id travels in the path, query or body). */
export type RecordKind = 'device' | 'gateway' | 'unit' | 'group' | 'dashboard' | 'widget' | 'webhook' | 'invite' | 'profile' | 'rule' | 'sync' | 'bulk_job';

/**
 * Where a request names its company: a field of the path, query or body holding the company's id,
 * or the id of a record of that company. Without `from` a route is the caller's own (account,
 * notifications, API keys, tenants, search), not one company's.
 */
export interface CompanySource {
  from: 'params' | 'query' | 'body';
  field: string;
  record?: RecordKind;
}

export interface RoutePermission {
  /** The weakest role that may call the route; null: every signed-in user (the route is not one company's). */
  role: CompanyRole | null;
  company?: CompanySource;
  /** A route of the caller's own that a key scoped to one company may still call (its account, its notifications). */
  scopedKeys?: boolean;
  /** Viewers may write here too, on their own private dashboards only. */
  viewerOwnDashboard?: boolean;
  /** A POST that changes nothing (a preview, a trial run): a suspended company may still call it. */
  changesNothing?: boolean;
  /** Platform operators only (OPERATOR_EMAILS or `npm run operator -- grant`), in a signed-in session: the back-office. */
  operator?: boolean;
}

const own = (scopedKeys = false): RoutePermission => ({ role: null, ...(scopedKeys ? { scopedKeys } : {}) });
const by = (role: CompanyRole, from: CompanySource['from'], field: string, record?: RecordKind): RoutePermission => ({
  role,
  company: { from, field, ...(record ? { record } : {}) },
});
const ofRecord = (role: CompanyRole, record: RecordKind, field = 'id'): RoutePermission => by(role, 'params', field, record);
const dashboardWrite = (permission: RoutePermission): RoutePermission => ({ ...permission, viewerOwnDashboard: true });
const trialRun = (permission: RoutePermission): RoutePermission => ({ ...permission, changesNothing: true });
const operatorOnly: RoutePermission = { role: null, operator: true };

/**
 * Who may call which route: `METHOD path` as the route is registered below /api. The access
 * check (routes/company-access.ts) consults this table for every authenticated route, and the app
 * refuses to start with a route missing here.
 */
const TABLE = {
  'GET /user/': own(true),
  'PUT /user/': own(),
  'GET /user/lookup/:user_id': own(true),
  // Changing one's address: sessions only (the routes refuse API keys themselves).
  'GET /user/email-change': own(),
  'POST /user/email-change': own(),
  'POST /user/email-change/resend': own(),
  'DELETE /user/email-change': own(),
  'GET /user/notifications/': own(true),
  'PATCH /user/notifications/bulk-mark-read': own(true),
  'PATCH /user/notifications/:notification_id': own(true),
  'DELETE /user/notifications/:notification_id': own(true),
  // One's own choices, for a company one belongs to (any role receives its alerts).
  'GET /user/notification-preferences/': by('viewer', 'query', 'company_id'),
  'PUT /user/notification-preferences/': by('viewer', 'body', 'company_id'),
  'GET /api-keys/': own(),
  'POST /api-keys/': own(),
  'PUT /api-keys/:api_key_id/regenerate': own(),
  'DELETE /api-keys/:api_key_id': own(),
  'GET /search/': own(),
  'GET /network/status': own(),
  'GET /tenant/': own(),
  'POST /tenant/': own(),
  'GET /tenant/:id/': own(),
  'PATCH /tenant/:id/': own(),
  'DELETE /tenant/:id/': own(),
  'POST /invite/:invite_id/join': own(),

  'GET /company/': by('viewer', 'query', 'id'),
  'POST /company/': own(),
  'GET /company/:id/': by('viewer', 'params', 'id'),
  'PATCH /company/:id/': by('admin', 'params', 'id'),
  'DELETE /company/:id/': by('owner', 'params', 'id'),
  'GET /company/:id/i_query': by('viewer', 'params', 'id'),
  'GET /company/:id/members': by('viewer', 'params', 'id'),
  'PATCH /company/:id/members/:user_id': by('admin', 'params', 'id'),
  'DELETE /company/:id/members/:user_id': by('admin', 'params', 'id'),
  'POST /company/:id/leave': by('viewer', 'params', 'id'),
  'POST /company/:id/transfer': by('owner', 'params', 'id'),
  // Usage and the bill are for those who pay for the company.
  'GET /usage/': by('admin', 'query', 'company_id'),
  'GET /usage/bill': by('admin', 'query', 'company_id'),
  // The audit log: who changed what is for those who run the company.
  'GET /company/:id/audit': by(AUDIT_READER_ROLE, 'params', 'id'),
  'GET /company/:id/audit/export': by(AUDIT_READER_ROLE, 'params', 'id'),

  'GET /invite/': by('admin', 'query', 'company_id'),
  'POST /invite/': by('admin', 'body', 'company_id'),
  'DELETE /invite/:invite_id': ofRecord('admin', 'invite', 'invite_id'),
  'POST /invite/:invite_id/resend': ofRecord('admin', 'invite', 'invite_id'),

  'GET /config/:company_id': by('viewer', 'params', 'company_id'),
  'GET /config/:company_id/templates': by('viewer', 'params', 'company_id'),
  'POST /config/:company_id': by('member', 'params', 'company_id'),
  'POST /config/:company_id/codec-test': trialRun(by('member', 'params', 'company_id')),
  'PATCH /config/:company_id/:profile_id': by('member', 'params', 'company_id'),
  'DELETE /config/:company_id/:profile_id': by('member', 'params', 'company_id'),
  'GET /template/:company_id': by('viewer', 'params', 'company_id'),
  'POST /template/:company_id/:template_id': by('member', 'params', 'company_id'),

  'GET /gateway/': by('viewer', 'query', 'company_id'),
  'POST /gateway/': by('member', 'body', 'company_id'),
  'GET /gateway/:id/': ofRecord('viewer', 'gateway'),
  'PATCH /gateway/:id/': ofRecord('member', 'gateway'),
  'DELETE /gateway/:id/': ofRecord('member', 'gateway'),
  'GET /gateway/:id/frames': ofRecord('viewer', 'gateway'),
  'GET /gateway/:id/devices': ofRecord('viewer', 'gateway'),
  // The certificate comes with its TLS key: a credential, not a reading.
  'GET /gateway/:id/cert': ofRecord('member', 'gateway'),
  'POST /gateway/:id/cert': ofRecord('member', 'gateway'),
  'GET /gateway/:id/network': ofRecord('viewer', 'gateway'),

  // The console's live stream of one company (routes/live.ts).
  'GET /events/stream': by('viewer', 'query', 'company_id'),

  'GET /device/': by('viewer', 'query', 'company_id'),
  'POST /device/': by('member', 'body', 'company_id'),
  'GET /device/export': by('viewer', 'query', 'company_id'),
  'POST /device/bulk/': by('member', 'body', 'company_id'),
  // Bulk jobs (issue #20) change devices: who may change one device may start one; viewers watch them.
  'POST /bulk-job/': by('member', 'body', 'company_id'),
  'GET /bulk-job/': by('viewer', 'query', 'company_id'),
  'GET /bulk-job/:id/': ofRecord('viewer', 'bulk_job'),
  'POST /bulk-job/:id/cancel': ofRecord('member', 'bulk_job'),
  'GET /device/:id/': ofRecord('viewer', 'device'),
  'PUT /device/:id/': ofRecord('member', 'device'),
  'DELETE /device/:id/': ofRecord('member', 'device'),
  'GET /device/:id/topics/values': ofRecord('viewer', 'device'),
  'GET /device/:id/frames': ofRecord('viewer', 'device'),
  'GET /device/:id/events': ofRecord('viewer', 'device'),
  'GET /device/:id/topics/series': ofRecord('viewer', 'device'),
  'GET /device/:id/battery': ofRecord('viewer', 'device'),
  'GET /device/:id/topics/export': ofRecord('viewer', 'device'),
  'GET /device/:id/downlink': ofRecord('viewer', 'device'),
  'POST /device/:id/downlink': ofRecord('member', 'device'),
  'DELETE /device/:id/downlink': ofRecord('member', 'device'),

  'GET /unit/': by('viewer', 'query', 'company_id'),
  'POST /unit/': by('member', 'body', 'company_id'),
  'PUT /unit/:id/': ofRecord('member', 'unit'),
  'DELETE /unit/:id/': ofRecord('member', 'unit'),
  'GET /group/': by('viewer', 'query', 'company_id'),
  'POST /group/': by('member', 'body', 'company_id'),
  'PATCH /group/:id/': ofRecord('member', 'group'),
  'DELETE /group/:id/': ofRecord('member', 'group'),
  'GET /filter_options/:model_name/:field_name': by('viewer', 'query', 'company_id'),

  'GET /dashboard/': by('viewer', 'query', 'company_id'),
  'POST /dashboard/': dashboardWrite(by('member', 'body', 'company_id')),
  'GET /dashboard/:id/': ofRecord('viewer', 'dashboard'),
  'PATCH /dashboard/:id/': dashboardWrite(ofRecord('member', 'dashboard')),
  'DELETE /dashboard/:id/': dashboardWrite(ofRecord('member', 'dashboard')),
  'GET /widget/': by('viewer', 'query', 'dashboard_id', 'dashboard'),
  'POST /widget/': dashboardWrite(by('member', 'body', 'dashboard', 'dashboard')),
  'GET /widget/:id/': ofRecord('viewer', 'widget'),
  'PATCH /widget/:id/': dashboardWrite(ofRecord('member', 'widget')),
  'DELETE /widget/:id/': dashboardWrite(ofRecord('member', 'widget')),
  'GET /widget/:id/data': ofRecord('viewer', 'widget'),
  'GET /widget/:id/export': ofRecord('viewer', 'widget'),

  'GET /webhook/': by('viewer', 'query', 'company_id'),
  'POST /webhook/': by('admin', 'body', 'company_id'),
  'PATCH /webhook/:id/': ofRecord('admin', 'webhook'),
  'DELETE /webhook/:id/': ofRecord('admin', 'webhook'),
  'POST /webhook/:id/rotate-secret': ofRecord('admin', 'webhook'),
  'POST /webhook/:id/test': ofRecord('admin', 'webhook'),
  'GET /webhook/:id/deliveries': ofRecord('viewer', 'webhook'),

  // Rules act on the company's devices (notifications, webhooks, downlinks): members build them, viewers read them.
  'GET /rule/': by('viewer', 'query', 'company_id'),
  'POST /rule/': by('member', 'body', 'company_id'),
  'POST /rule/preview': trialRun(by('member', 'body', 'company_id')),
  'GET /rule/topics': by('viewer', 'query', 'company_id'),
  'GET /rule/:id': ofRecord('viewer', 'rule'),
  'PATCH /rule/:id': ofRecord('member', 'rule'),
  'DELETE /rule/:id': ofRecord('member', 'rule'),
  'GET /rule/:id/firings': ofRecord('viewer', 'rule'),

  'POST /network/sync/:kind/:id/retry': ofRecord('member', 'sync'),
  'GET /network/unregistered': by('viewer', 'query', 'company_id'),
  // Reconciling adopts devices into the company: its owners' decision.
  'GET /network/reconcile': by('owner', 'query', 'company_id'),
  'POST /network/reconcile': by('owner', 'body', 'company_id'),

  // The operator back-office (issue #17): every company of the platform, for platform operators alone.
  'GET /operator/companies': operatorOnly,
  'PATCH /operator/companies/:id': operatorOnly,
  'POST /operator/companies/:id/suspend': operatorOnly,
  'POST /operator/companies/:id/resume': operatorOnly,
  'GET /operator/companies/:id/members': operatorOnly,
  'GET /operator/tenants': operatorOnly,
  'PATCH /operator/tenants/:id': operatorOnly,
  'GET /operator/users': operatorOnly,
  'PUT /operator/users/:id/operator': operatorOnly,
  'DELETE /operator/users/:id/operator': operatorOnly,
} satisfies Record<string, RoutePermission>;

/** A route of the table; the console names the actions it offers by these (admin/common/permissions.ts). */
export type PermissionRoute = keyof typeof TABLE;

export const ROUTE_PERMISSIONS: Record<string, RoutePermission> = TABLE;

/** The table's key of a route: its method and its path below /api, without a trailing-slash variant. */
export function permissionKey(method: string, url: string): string {
  const path = url.startsWith('/api/') ? url.slice('/api'.length) : url;
  return `${method === 'HEAD' ? 'GET' : method} ${path}`;
}
