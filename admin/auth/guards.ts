import { AUTH_PATH } from './paths';
import type { UserState } from '../stores/userStore';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

export interface SessionGuardDeps {
  sessionExists: () => Promise<boolean>;
  /** Start loading user and company data (their failures are reported through the waits). */
  loadUser: () => Promise<unknown>;
  loadCompanies: () => Promise<unknown>;
  waitForUser: () => Promise<void>;
  waitForCompanies: () => Promise<void>;
}

/**
 * Guard of the session routes (spec §2): no session → /auth; with a session, wait until company
 * and user data are both initialised; if that fails, log and proceed.
 */
export async function guardSessionRoute(deps: SessionGuardDeps): Promise<GuardDecision> {
  let exists = false;
  try {
    exists = await deps.sessionExists();
  } catch (error) {
    console.error('Could not check the session', error);
  }
  if (!exists) return { kind: 'redirect', to: AUTH_PATH };
  // The loads report failure through the waits below; a floating rejection would only be noise.
  deps.loadUser().catch(() => undefined);
  deps.loadCompanies().catch(() => undefined);
  try {
    await Promise.all([deps.waitForUser(), deps.waitForCompanies()]);
  } catch (error) {
    console.error('User or company data could not be initialised; continuing without it', error);
  }
  return { kind: 'render' };
}

export const TENANTS_PATH = '/tenants';

export type TenantsDecision = 'allow' | 'wait' | { redirect: string };

/**
 * /tenants is allowed only with the tenant feature on; otherwise → /companies; if the user data
 * failed to load → /dashboard (spec §2).
 */
export function tenantsRouteDecision(state: UserState): TenantsDecision {
  if (state.initialised && state.user) return state.user.is_tenant_enabled ? 'allow' : { redirect: '/companies' };
  if (state.error) return { redirect: '/dashboard' };
  return 'wait';
}

export function isTenantsPath(pathname: string): boolean {
  return pathname === TENANTS_PATH || pathname.startsWith(`${TENANTS_PATH}/`);
}
