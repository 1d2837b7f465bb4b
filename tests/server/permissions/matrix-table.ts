import type { Method, SignedIn } from '../helpers/users.js';
import { widgetBody, type Credential, type MatrixFixture, type Principal } from './matrix-fixture.js';

/**
 * Who may call a route: the weakest company role; or `own` (the caller's own things: anyone, but
 * not with a key scoped to one company), `own+scoped` (also with a scoped key), `session` (no
 * API key at all: keys do not manage keys), `operator` (platform operators in a session only: none of
 * the matrix's principals is one, so every cell is refused; tests/server/routes/operator.test.ts
 * covers the operators themselves).
 */
export type Minimal = 'owner' | 'admin' | 'member' | 'viewer' | 'own' | 'own+scoped' | 'session' | 'operator';

export interface MatrixRow {
  method: Method;
  /** The route as registered (domain/permissions.ts's key), below /api. */
  route: string;
  minimal: Minimal;
  /** A list filtered by company: an outsider gets an empty list, not 404. */
  list?: boolean;
  /** The call acts on a fresh company, not the one the company keys are scoped to (404 for them). */
  elsewhere?: boolean;
  /** A server-sent-events stream: the call reads its status and headers, not a body that never ends. */
  stream?: boolean;
  /** The call for one cell; may create fresh records (a delete uses its record up). */
  request: (f: MatrixFixture, caller: SignedIn) => Promise<{ url: string; body?: object }>;
}

const at = (url: string, body?: object) => async () => ({ url, ...(body ? { body } : {}) });

/** THE table: every authenticated route and verb with the weakest role that may call it. */
export const MATRIX: MatrixRow[] = [
  { method: 'GET', route: '/user/', minimal: 'own+scoped', request: at('/api/user/') },
  { method: 'PUT', route: '/user/', minimal: 'own', request: at('/api/user/', { language: 'en' }) },
  { method: 'GET', route: '/user/lookup/:user_id', minimal: 'own+scoped', request: async (_f, me) => ({ url: `/api/user/lookup/${me.id}` }) },
  { method: 'GET', route: '/user/email-change', minimal: 'session', request: at('/api/user/email-change') },
  // A malformed address: refused after the access check, before any password check or mail.
  { method: 'POST', route: '/user/email-change', minimal: 'session', request: at('/api/user/email-change', { email: 'not-an-address', password: 'x' }) },
  {
    method: 'POST',
    route: '/user/email-change/resend',
    minimal: 'session',
    request: async (f, me) => {
      await f.pendingEmailChange(me.id);
      return { url: '/api/user/email-change/resend' };
    },
  },
  { method: 'DELETE', route: '/user/email-change', minimal: 'session', request: at('/api/user/email-change') },
  { method: 'GET', route: '/user/notifications/', minimal: 'own+scoped', request: at('/api/user/notifications/') },
  { method: 'PATCH', route: '/user/notifications/bulk-mark-read', minimal: 'own+scoped', request: at('/api/user/notifications/bulk-mark-read', { all: true }) },
  {
    method: 'PATCH',
    route: '/user/notifications/:notification_id',
    minimal: 'own+scoped',
    request: async (f, me) => ({ url: `/api/user/notifications/${await f.notification(me.id)}`, body: { is_read: true } }),
  },
  {
    method: 'DELETE',
    route: '/user/notifications/:notification_id',
    minimal: 'own+scoped',
    request: async (f, me) => ({ url: `/api/user/notifications/${await f.notification(me.id)}` }),
  },
  { method: 'GET', route: '/api-keys/', minimal: 'session', request: at('/api/api-keys/') },
  { method: 'POST', route: '/api-keys/', minimal: 'session', request: at('/api/api-keys/', { name: 'k' }) },
  {
    method: 'PUT',
    route: '/api-keys/:api_key_id/regenerate',
    minimal: 'session',
    request: async (f, me) => ({ url: `/api/api-keys/${await f.apiKey(me)}/regenerate` }),
  },
  { method: 'DELETE', route: '/api-keys/:api_key_id', minimal: 'session', request: async (f, me) => ({ url: `/api/api-keys/${await f.apiKey(me)}` }) },
  { method: 'GET', route: '/search/', minimal: 'own', request: at('/api/search/?q=Device') },
  { method: 'GET', route: '/network/status', minimal: 'own', request: at('/api/network/status') },
  { method: 'GET', route: '/tenant/', minimal: 'own', request: at('/api/tenant/') },
  { method: 'POST', route: '/tenant/', minimal: 'own', request: at('/api/tenant/', { name: 'T' }) },
  { method: 'GET', route: '/tenant/:id/', minimal: 'own', request: async (f, me) => ({ url: `/api/tenant/${await f.tenant(me)}/` }) },
  { method: 'PATCH', route: '/tenant/:id/', minimal: 'own', request: async (f, me) => ({ url: `/api/tenant/${await f.tenant(me)}/`, body: { name: 'T2' } }) },
  { method: 'DELETE', route: '/tenant/:id/', minimal: 'own', request: async (f, me) => ({ url: `/api/tenant/${await f.tenant(me)}/` }) },
  { method: 'POST', route: '/invite/:invite_id/join', minimal: 'own', request: async (f) => ({ url: `/api/invite/${await f.inviteCode()}/join` }) },

  { method: 'GET', route: '/company/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/company/?id=${f.company}` }) },
  { method: 'POST', route: '/company/', minimal: 'own', request: at('/api/company/', { name: 'New' }) },
  { method: 'GET', route: '/company/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/company/${f.company}/` }) },
  { method: 'PATCH', route: '/company/:id/', minimal: 'admin', request: async (f) => ({ url: `/api/company/${f.company}/`, body: { name: 'Company C' } }) },
  { method: 'DELETE', route: '/company/:id/', minimal: 'owner', elsewhere: true, request: async (f) => ({ url: `/api/company/${await f.freshCompany()}/` }) },
  { method: 'GET', route: '/company/:id/i_query', minimal: 'viewer', request: async (f) => ({ url: `/api/company/${f.company}/i_query` }) },
  { method: 'GET', route: '/company/:id/members', minimal: 'viewer', request: async (f) => ({ url: `/api/company/${f.company}/members` }) },
  { method: 'GET', route: '/company/:id/audit', minimal: 'admin', request: async (f) => ({ url: `/api/company/${f.company}/audit` }) },
  { method: 'GET', route: '/company/:id/audit/export', minimal: 'admin', request: async (f) => ({ url: `/api/company/${f.company}/audit/export` }) },
  {
    method: 'PATCH',
    route: '/company/:id/members/:user_id',
    minimal: 'admin',
    request: async (f) => ({ url: `/api/company/${f.company}/members/${await f.bystander()}`, body: { role: 'member' } }),
  },
  {
    method: 'DELETE',
    route: '/company/:id/members/:user_id',
    minimal: 'admin',
    request: async (f) => ({ url: `/api/company/${f.company}/members/${await f.bystander()}` }),
  },
  {
    method: 'POST',
    route: '/company/:id/leave',
    minimal: 'viewer',
    elsewhere: true,
    request: async (f) => ({ url: `/api/company/${await f.freshCompany()}/leave` }),
  },
  {
    method: 'POST',
    route: '/company/:id/transfer',
    minimal: 'owner',
    elsewhere: true,
    request: async (f) => ({ url: `/api/company/${await f.freshCompany()}/transfer`, body: { user_id: f.people.member.user.id } }),
  },
  {
    method: 'GET',
    route: '/user/notification-preferences/',
    minimal: 'viewer',
    request: async (f) => ({ url: `/api/user/notification-preferences/?company_id=${f.company}` }),
  },
  {
    method: 'PUT',
    route: '/user/notification-preferences/',
    minimal: 'viewer',
    request: async (f) => ({ url: '/api/user/notification-preferences/', body: { company_id: f.company, channels: { device_silent: 'both' } } }),
  },
  { method: 'GET', route: '/usage/', minimal: 'admin', request: async (f) => ({ url: `/api/usage/?company_id=${f.company}` }) },
  { method: 'GET', route: '/usage/bill', minimal: 'admin', request: async (f) => ({ url: `/api/usage/bill?company_id=${f.company}` }) },

  { method: 'GET', route: '/invite/', minimal: 'admin', list: true, request: async (f) => ({ url: `/api/invite/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/invite/',
    minimal: 'admin',
    request: async (f) => ({ url: '/api/invite/', body: { company_id: f.company, email: 'new@example.com', role: 'viewer' } }),
  },
  { method: 'DELETE', route: '/invite/:invite_id', minimal: 'admin', request: async (f) => ({ url: `/api/invite/${await f.invite()}` }) },
  { method: 'POST', route: '/invite/:invite_id/resend', minimal: 'admin', request: async (f) => ({ url: `/api/invite/${await f.invite()}/resend` }) },

  { method: 'GET', route: '/config/:company_id', minimal: 'viewer', request: async (f) => ({ url: `/api/config/${f.company}` }) },
  { method: 'GET', route: '/config/:company_id/templates', minimal: 'viewer', request: async (f) => ({ url: `/api/config/${f.company}/templates` }) },
  {
    method: 'POST',
    route: '/config/:company_id',
    minimal: 'member',
    request: async (f) => ({ url: `/api/config/${f.company}`, body: { name: `P${f.next()}` } }),
  },
  {
    method: 'POST',
    route: '/config/:company_id/codec-test',
    minimal: 'member',
    request: async (f) => ({
      url: `/api/config/${f.company}/codec-test`,
      body: { codec: 'function decodeUplink() { return { data: {} }; }', payload: '00', fPort: 1 },
    }),
  },
  {
    method: 'PATCH',
    route: '/config/:company_id/:profile_id',
    minimal: 'member',
    request: async (f) => ({ url: `/api/config/${f.company}/${f.ids.profile}`, body: { name: 'Profile' } }),
  },
  {
    method: 'DELETE',
    route: '/config/:company_id/:profile_id',
    minimal: 'member',
    request: async (f) => ({ url: `/api/config/${f.company}/${await f.profile()}` }),
  },
  { method: 'GET', route: '/template/:company_id', minimal: 'viewer', request: async (f) => ({ url: `/api/template/${f.company}` }) },
  {
    method: 'POST',
    route: '/template/:company_id/:template_id',
    minimal: 'member',
    request: async (f) => ({ url: `/api/template/${f.company}/dragino-lds02` }),
  },

  { method: 'GET', route: '/gateway/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/gateway/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/gateway/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/gateway/', body: { company_id: f.company, gateway_id: f.gatewayEui() } }),
  },
  { method: 'GET', route: '/gateway/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/` }) },
  { method: 'PATCH', route: '/gateway/:id/', minimal: 'member', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/`, body: { name: 'Gateway' } }) },
  { method: 'DELETE', route: '/gateway/:id/', minimal: 'member', request: async (f) => ({ url: `/api/gateway/${await f.gateway()}/` }) },
  { method: 'GET', route: '/gateway/:id/frames', minimal: 'viewer', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/frames` }) },
  { method: 'GET', route: '/gateway/:id/devices', minimal: 'viewer', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/devices` }) },
  { method: 'GET', route: '/gateway/:id/cert', minimal: 'member', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/cert` }) },
  { method: 'POST', route: '/gateway/:id/cert', minimal: 'member', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/cert` }) },
  { method: 'GET', route: '/gateway/:id/network', minimal: 'viewer', request: async (f) => ({ url: `/api/gateway/${f.ids.gateway}/network` }) },

  { method: 'GET', route: '/events/stream', minimal: 'viewer', stream: true, request: async (f) => ({ url: `/api/events/stream?company_id=${f.company}` }) },
  { method: 'GET', route: '/device/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/device/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/device/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/device/', body: { company_id: f.company, dev_eui: f.devEui(), app_key: 'B'.repeat(32) } }),
  },
  { method: 'GET', route: '/device/export', minimal: 'viewer', request: async (f) => ({ url: `/api/device/export?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/device/bulk/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/device/bulk/', body: { company_id: f.company, devices: [{ dev_eui: f.devEui(), app_key: 'B'.repeat(32) }] } }),
  },
  {
    method: 'POST',
    route: '/bulk-job/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/bulk-job/', body: { company_id: f.company, kind: 'move', ids: [f.ids.device], unit: f.ids.unit } }),
  },
  { method: 'GET', route: '/bulk-job/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/bulk-job/?company_id=${f.company}` }) },
  { method: 'GET', route: '/bulk-job/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/bulk-job/${f.ids.bulkJob}/` }) },
  { method: 'POST', route: '/bulk-job/:id/cancel', minimal: 'member', request: async (f) => ({ url: `/api/bulk-job/${f.ids.bulkJob}/cancel` }) },
  { method: 'GET', route: '/device/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/` }) },
  { method: 'PUT', route: '/device/:id/', minimal: 'member', request: async (f) => ({ url: `/api/device/${f.ids.device}/`, body: { name: 'Device' } }) },
  { method: 'DELETE', route: '/device/:id/', minimal: 'member', request: async (f) => ({ url: `/api/device/${await f.device()}/` }) },
  { method: 'GET', route: '/device/:id/topics/values', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/topics/values` }) },
  { method: 'GET', route: '/device/:id/frames', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/frames` }) },
  { method: 'GET', route: '/device/:id/events', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/events` }) },
  {
    method: 'GET',
    route: '/device/:id/topics/series',
    minimal: 'viewer',
    request: async (f) => ({ url: `/api/device/${f.ids.device}/topics/series?topic=t` }),
  },
  { method: 'GET', route: '/device/:id/battery', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/battery` }) },
  { method: 'GET', route: '/device/:id/topics/export', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/topics/export` }) },
  { method: 'GET', route: '/device/:id/downlink', minimal: 'viewer', request: async (f) => ({ url: `/api/device/${f.ids.device}/downlink` }) },
  {
    method: 'POST',
    route: '/device/:id/downlink',
    minimal: 'member',
    request: async (f) => ({ url: `/api/device/${f.ids.device}/downlink`, body: { payload: '00', encoding: 'hex', f_port: 1 } }),
  },
  { method: 'DELETE', route: '/device/:id/downlink', minimal: 'member', request: async (f) => ({ url: `/api/device/${f.ids.device}/downlink` }) },

  { method: 'GET', route: '/rule/', minimal: 'viewer', request: async (f) => ({ url: `/api/rule/?company_id=${f.company}` }) },
  { method: 'POST', route: '/rule/', minimal: 'member', request: async (f) => ({ url: '/api/rule/', body: f.ruleBody() }) },
  { method: 'POST', route: '/rule/preview', minimal: 'member', request: async (f) => ({ url: '/api/rule/preview', body: f.previewBody() }) },
  { method: 'GET', route: '/rule/topics', minimal: 'viewer', request: async (f) => ({ url: `/api/rule/topics?company_id=${f.company}&scope=company` }) },
  { method: 'GET', route: '/rule/:id', minimal: 'viewer', request: async (f) => ({ url: `/api/rule/${await f.rule()}` }) },
  { method: 'PATCH', route: '/rule/:id', minimal: 'member', request: async (f) => ({ url: `/api/rule/${await f.rule()}`, body: { enabled: false } }) },
  { method: 'DELETE', route: '/rule/:id', minimal: 'member', request: async (f) => ({ url: `/api/rule/${await f.rule()}` }) },
  { method: 'GET', route: '/rule/:id/firings', minimal: 'viewer', request: async (f) => ({ url: `/api/rule/${await f.rule()}/firings` }) },

  { method: 'GET', route: '/unit/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/unit/?company_id=${f.company}` }) },
  { method: 'POST', route: '/unit/', minimal: 'member', request: async (f) => ({ url: '/api/unit/', body: { company_id: f.company, name: `U${f.next()}` } }) },
  { method: 'PUT', route: '/unit/:id/', minimal: 'member', request: async (f) => ({ url: `/api/unit/${f.ids.unit}/`, body: { name: 'Unit' } }) },
  { method: 'DELETE', route: '/unit/:id/', minimal: 'member', request: async (f) => ({ url: `/api/unit/${await f.unit()}/` }) },
  { method: 'GET', route: '/group/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/group/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/group/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/group/', body: { company_id: f.company, name: `G${f.next()}` } }),
  },
  { method: 'PATCH', route: '/group/:id/', minimal: 'member', request: async (f) => ({ url: `/api/group/${f.ids.group}/`, body: { name: 'Group' } }) },
  { method: 'DELETE', route: '/group/:id/', minimal: 'member', request: async (f) => ({ url: `/api/group/${await f.group()}/` }) },
  {
    method: 'GET',
    route: '/filter_options/:model_name/:field_name',
    minimal: 'viewer',
    list: true,
    request: async (f) => ({ url: `/api/filter_options/device/config?company_id=${f.company}` }),
  },

  { method: 'GET', route: '/dashboard/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/dashboard/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/dashboard/',
    minimal: 'member',
    request: async (f) => ({ url: '/api/dashboard/', body: { company_id: f.company, name: 'Shared', is_shared: true } }),
  },
  { method: 'GET', route: '/dashboard/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/dashboard/${f.ids.dashboard}/` }) },
  // Only a dashboard's creator (here the owner) renames, shares or deletes it; other members get 403 from the route.
  {
    method: 'PATCH',
    route: '/dashboard/:id/',
    minimal: 'owner',
    request: async (f) => ({ url: `/api/dashboard/${f.ids.dashboard}/`, body: { name: 'Shared' } }),
  },
  { method: 'DELETE', route: '/dashboard/:id/', minimal: 'owner', request: async (f) => ({ url: `/api/dashboard/${await f.dashboard()}/` }) },
  { method: 'GET', route: '/widget/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/widget/?dashboard_id=${f.ids.dashboard}` }) },
  { method: 'POST', route: '/widget/', minimal: 'member', request: async (f) => ({ url: '/api/widget/', body: widgetBody(f.ids.dashboard ?? '') }) },
  { method: 'GET', route: '/widget/:id/', minimal: 'viewer', request: async (f) => ({ url: `/api/widget/${f.ids.widget}/` }) },
  { method: 'PATCH', route: '/widget/:id/', minimal: 'member', request: async (f) => ({ url: `/api/widget/${f.ids.widget}/`, body: { width: 2 } }) },
  { method: 'DELETE', route: '/widget/:id/', minimal: 'member', request: async (f) => ({ url: `/api/widget/${await f.widget()}/` }) },
  { method: 'GET', route: '/widget/:id/data', minimal: 'viewer', request: async (f) => ({ url: `/api/widget/${f.ids.widget}/data` }) },
  { method: 'GET', route: '/widget/:id/export', minimal: 'viewer', request: async (f) => ({ url: `/api/widget/${f.ids.widget}/export` }) },

  { method: 'GET', route: '/webhook/', minimal: 'viewer', list: true, request: async (f) => ({ url: `/api/webhook/?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/webhook/',
    minimal: 'admin',
    request: async (f) => ({ url: '/api/webhook/', body: { company_id: f.company, url: 'http://127.0.0.1:9/new' } }),
  },
  { method: 'PATCH', route: '/webhook/:id/', minimal: 'admin', request: async (f) => ({ url: `/api/webhook/${f.ids.webhook}/`, body: { enabled: true } }) },
  { method: 'DELETE', route: '/webhook/:id/', minimal: 'admin', request: async (f) => ({ url: `/api/webhook/${await f.webhook()}/` }) },
  { method: 'POST', route: '/webhook/:id/rotate-secret', minimal: 'admin', request: async (f) => ({ url: `/api/webhook/${f.ids.webhook}/rotate-secret` }) },
  { method: 'POST', route: '/webhook/:id/test', minimal: 'admin', request: async (f) => ({ url: `/api/webhook/${f.ids.webhook}/test` }) },
  { method: 'GET', route: '/webhook/:id/deliveries', minimal: 'viewer', request: async (f) => ({ url: `/api/webhook/${f.ids.webhook}/deliveries` }) },

  {
    method: 'POST',
    route: '/network/sync/:kind/:id/retry',
    minimal: 'member',
    request: async (f) => ({ url: `/api/network/sync/device/${f.ids.device}/retry` }),
  },
  { method: 'GET', route: '/network/unregistered', minimal: 'viewer', request: async (f) => ({ url: `/api/network/unregistered?company_id=${f.company}` }) },
  { method: 'GET', route: '/network/reconcile', minimal: 'owner', request: async (f) => ({ url: `/api/network/reconcile?company_id=${f.company}` }) },
  {
    method: 'POST',
    route: '/network/reconcile',
    minimal: 'owner',
    request: async (f) => ({ url: '/api/network/reconcile', body: { company_id: f.company, items: [] } }),
  },

  { method: 'GET', route: '/operator/companies', minimal: 'operator', request: at('/api/operator/companies') },
  {
    method: 'PATCH',
    route: '/operator/companies/:id',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/companies/${f.company}`, body: { plan: 'free' } }),
  },
  {
    method: 'POST',
    route: '/operator/companies/:id/suspend',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/companies/${f.company}/suspend`, body: { reason: 'Matrix' } }),
  },
  {
    method: 'POST',
    route: '/operator/companies/:id/resume',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/companies/${f.company}/resume` }),
  },
  {
    method: 'GET',
    route: '/operator/companies/:id/members',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/companies/${f.company}/members` }),
  },
  { method: 'GET', route: '/operator/tenants', minimal: 'operator', request: at('/api/operator/tenants') },
  {
    method: 'PATCH',
    route: '/operator/tenants/:id',
    minimal: 'operator',
    request: async (f, me) => ({ url: `/api/operator/tenants/${await f.tenant(me)}`, body: { name: 'Matrix' } }),
  },
  { method: 'GET', route: '/operator/users', minimal: 'operator', request: at('/api/operator/users') },
  {
    method: 'PUT',
    route: '/operator/users/:id/operator',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/users/${f.people.viewer.user.id}/operator` }),
  },
  {
    method: 'DELETE',
    route: '/operator/users/:id/operator',
    minimal: 'operator',
    request: async (f) => ({ url: `/api/operator/users/${f.people.viewer.user.id}/operator` }),
  },
];

const RANK = { viewer: 0, member: 1, admin: 2, owner: 3 } as const;

/** The answer a cell expects: 'allowed' (anything but 401, 403, 404 and 5xx), or that status. */
export function expected(row: MatrixRow, principal: Principal, credential: Credential): 'allowed' | 403 | 404 {
  const key = credential !== 'session';
  if (credential === 'read-only key' && row.method !== 'GET') return 403;
  if (row.minimal === 'operator') return 403;
  if (row.minimal === 'session') return key ? 403 : 'allowed';
  if (row.minimal === 'own') return credential === 'company key' ? 403 : 'allowed';
  if (row.minimal === 'own+scoped') return 'allowed';
  if (credential === 'company key' && row.elsewhere) return 404;
  if (principal === 'outsider') return row.list && credential !== 'company key' ? 'allowed' : 404;
  return RANK[principal] >= RANK[row.minimal] ? 'allowed' : 403;
}
