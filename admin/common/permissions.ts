import { roleAtLeast, type CompanyRole } from '../types/api';
import { ROUTE_PERMISSIONS, type PermissionRoute } from '../types/permissions';

/**
 * What the console offers, named by the API route it calls: the role each takes is read from the
 * server's own table (server/src/domain/permissions.ts), so the console never disagrees with the
 * access check it mirrors.
 */
export type ConsoleAction = PermissionRoute;

/** Why an action is refused: the translation key of the reason the console shows beside it. */
export type PermissionRefusal = 'needs_member' | 'needs_admin' | 'needs_owner' | 'viewer_own_dashboards';

/** The weakest role that may take `action`; null: every signed-in user (the action is the caller's own). */
export function requiredRole(action: ConsoleAction): CompanyRole | null {
  return ROUTE_PERMISSIONS[action].role;
}

/**
 * Why `role` may not take `action`, or undefined when it may. `ownPrivateDashboard`: the action is
 * on a dashboard of the caller's own that stays private, which viewers may write too.
 */
export function permissionRefusal(role: CompanyRole | undefined, action: ConsoleAction, ownPrivateDashboard = false): PermissionRefusal | undefined {
  const required = requiredRole(action);
  // Without a selected company (the company list still loading) nothing is refused here: the
  // screens of a company show only once one is selected, and the server decides either way.
  if (required === null || role === undefined) return undefined;
  if (roleAtLeast(role, required)) return undefined;
  if (ROUTE_PERMISSIONS[action].viewerOwnDashboard === true && role === 'viewer') return ownPrivateDashboard ? undefined : 'viewer_own_dashboards';
  return required === 'owner' ? 'needs_owner' : required === 'admin' ? 'needs_admin' : 'needs_member';
}

/** The actions behind react-admin's generic create / edit / delete buttons, per resource. */
export const RESOURCE_ACTIONS: Partial<Record<string, { create: ConsoleAction; edit: ConsoleAction; delete: ConsoleAction }>> = {
  devices: { create: 'POST /device/', edit: 'PUT /device/:id/', delete: 'DELETE /device/:id/' },
  gateways: { create: 'POST /gateway/', edit: 'PATCH /gateway/:id/', delete: 'DELETE /gateway/:id/' },
  profiles: { create: 'POST /config/:company_id', edit: 'PATCH /config/:company_id/:profile_id', delete: 'DELETE /config/:company_id/:profile_id' },
  units: { create: 'POST /unit/', edit: 'PUT /unit/:id/', delete: 'DELETE /unit/:id/' },
  groups: { create: 'POST /group/', edit: 'PATCH /group/:id/', delete: 'DELETE /group/:id/' },
  rules: { create: 'POST /rule/', edit: 'PATCH /rule/:id', delete: 'DELETE /rule/:id' },
  webhooks: { create: 'POST /webhook/', edit: 'PATCH /webhook/:id/', delete: 'DELETE /webhook/:id/' },
};
