import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.js';
import type { DeviceDetail } from '../schemas/devices.js';
import { forbidden, HttpProblem, notFound } from '../http/errors.js';
import { permissionKey, ROUTE_PERMISSIONS, type CompanySource, type RoutePermission } from '../domain/permissions.js';
import { roleAtLeast } from '../domain/roles.js';

/** Writes carry a company_id: one the caller does not belong to is treated as nonexistent. */
export async function assertCompanyMember(ctx: AppContext, userId: string, companyId: string): Promise<void> {
  if (!(await ctx.repos.companies.isMember(userId, companyId))) throw notFound();
}

/** A device of one of the caller's companies; another company's (or none) is "no such" (404). */
export async function visibleDevice(ctx: AppContext, userId: string, id: string): Promise<DeviceDetail> {
  const device = await ctx.repos.devices.find(userId, id);
  if (!device) throw notFound();
  return device;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

function field(request: FastifyRequest, source: CompanySource): string | undefined {
  const holder = request[source.from] as Record<string, unknown> | null | undefined;
  const value = holder?.[source.field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The company a request acts on (undefined: it names none, or its record does not exist, which
 * the route answers itself). A key scoped to one company lists that company when none is named.
 */
async function companyOf(ctx: AppContext, request: FastifyRequest, source: CompanySource): Promise<string | undefined> {
  const value = field(request, source);
  if (value === undefined) {
    const scope = request.identity.keyCompanyId;
    if (scope && source.from === 'query' && !source.record) {
      (request.query as Record<string, unknown>)[source.field] = scope;
      return scope;
    }
    return undefined;
  }
  if (!source.record) return value;
  const params = request.params as Record<string, unknown>;
  const syncKind = params.kind === 'profile' || params.kind === 'gateway' ? params.kind : 'device';
  return ctx.repos.memberships.companyOfRecord(source.record, value, syncKind);
}

/** Viewers write dashboards only when the dashboard is their own and private, and stays private. */
async function viewerOwnsDashboard(ctx: AppContext, request: FastifyRequest, permission: RoutePermission): Promise<boolean> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (body.is_shared === true) return false;
  const params = request.params as Record<string, unknown>;
  const target =
    permission.company?.from === 'body'
      ? typeof body.dashboard === 'string'
        ? ({ kind: 'dashboard', id: body.dashboard } as const)
        : undefined
      : typeof params.id === 'string'
        ? ({ kind: permission.company?.record === 'widget' ? 'widget' : 'dashboard', id: params.id } as const)
        : undefined;
  if (!target) return true; // A new dashboard: private unless is_shared (refused above).
  const dashboard = await ctx.repos.memberships.dashboardOf(target.kind, target.id);
  return dashboard !== undefined && dashboard.owner_id === request.identity.userId && dashboard.is_shared === 0;
}

/** A suspended company's data stays readable but nobody changes it (issue #17) until the operator resumes it. */
async function refuseWritesIfSuspended(ctx: AppContext, companyId: string): Promise<void> {
  const plan = await ctx.repos.companyPlans.find(companyId);
  if (plan?.suspended_at) throw new HttpProblem(403, 'suspended', 'This company is suspended: its data can be read but not changed.');
}

/**
 * The one access check of every authenticated route (issue #15), from ROUTE_PERMISSIONS: a
 * read-only key only reads; a key scoped to one company reaches that company only; a company the
 * caller is not a member of (any more) is "no such" (404); a role below the route's is 403. The
 * role is read at every request, so a removed member or a lowered role takes effect at once, for
 * sessions and keys alike.
 */
export async function checkAccess(ctx: AppContext, request: FastifyRequest, permission: RoutePermission): Promise<void> {
  const identity = request.identity;
  if (identity.readOnly && !SAFE_METHODS.has(request.method)) throw forbidden();
  if (permission.operator) {
    // The back-office is for people at the console: an API key, even an operator's, does not open it.
    if (identity.apiKeyId || !(await ctx.repos.operators.isOperator(identity.userId, ctx.config.plans.operatorEmails))) throw forbidden();
    return;
  }
  if (!permission.company || permission.role === null) {
    if (identity.keyCompanyId && !permission.scopedKeys) throw forbidden();
    return;
  }
  const companyId = await companyOf(ctx, request, permission.company);
  if (companyId === undefined) {
    if (identity.keyCompanyId) throw forbidden();
    return;
  }
  if (identity.keyCompanyId && identity.keyCompanyId !== companyId) throw notFound();
  const membership = await ctx.repos.memberships.find(identity.userId, companyId);
  // A list filtered by another company's id answers like an empty list (the route scopes it).
  if (!membership && permission.company.from === 'query') return;
  if (!membership) throw notFound();
  const allowed =
    roleAtLeast(membership.role, permission.role) ||
    (permission.viewerOwnDashboard === true && membership.role === 'viewer' && (await viewerOwnsDashboard(ctx, request, permission)));
  if (!allowed) throw forbidden();
  if (!SAFE_METHODS.has(request.method) && !permission.changesNothing) await refuseWritesIfSuspended(ctx, companyId);
  await ctx.repos.memberships.touch(identity.userId, companyId, membership.last_active_at, ctx.now());
}

/**
 * Gives every route registered after it in `app` its access check; a route missing from the
 * table stops the app from starting, so no route goes unchecked.
 */
export function guardRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const key = permissionKey(methods[0] ?? 'GET', route.url);
    const permission = ROUTE_PERMISSIONS[key];
    if (!permission) throw new Error(`No permission declared for ${key} (domain/permissions.ts).`);
    const check = async (request: FastifyRequest): Promise<void> => checkAccess(ctx, request, permission);
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [check, ...existing];
  });
}
