import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { currentActor, type AuditActor } from './audit-actor.js';
import { fieldChanges, type AuditAction, type AuditFieldChange, type AuditResource } from '../domain/audit.js';
import { timeOrderedId } from './time-ordered-id.js';

type Row = Record<string, unknown>;

/** Where a resource is stored, which of its columns are secrets, and which are bookkeeping not worth an entry. */
interface AuditedTable {
  table: string;
  secret: readonly string[];
  ignored: readonly string[];
}

const TABLES: Record<Exclude<AuditResource, 'membership'>, AuditedTable> = {
  company: { table: 'companies', secret: [], ignored: [] },
  invite: { table: 'invites', secret: ['code'], ignored: [] },
  tenant: { table: 'tenants', secret: [], ignored: [] },
  profile: { table: 'profiles', secret: [], ignored: [] },
  gateway: { table: 'gateways', secret: [], ignored: ['last_seen', 'connected'] },
  device: { table: 'devices', secret: ['app_key'], ignored: ['last_seen', 'power_source', 'battery_level', 'uplink_interval_s'] },
  unit: { table: 'units', secret: [], ignored: [] },
  group: { table: 'groups', secret: [], ignored: [] },
  dashboard: { table: 'dashboards', secret: [], ignored: [] },
  widget: { table: 'widgets', secret: [], ignored: [] },
  webhook: { table: 'webhooks', secret: ['secret', 'header_name', 'header_value'], ignored: [] },
  api_key: { table: 'api_keys', secret: ['lookup', 'key_hash'], ignored: ['last_used_at'] },
  user: { table: 'users', secret: ['password_hash'], ignored: [] },
};

/** Runs `work` in the transaction `db` already is, or in a new one. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function snapshot(trx: Db, resource: Exclude<AuditResource, 'membership'>, id: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`select * from ${sql.table(TABLES[resource].table)} where id = ${id}`.execute(trx);
  return rows[0];
}

/** The companies whose log an entry about `row` belongs to. */
async function companiesOf(trx: Db, resource: AuditResource, id: string, row: Row): Promise<string[]> {
  if (resource === 'company') return [id];
  if (typeof row.company_id === 'string') return [row.company_id];
  if (resource === 'widget') {
    const dashboard = await trx.selectFrom('dashboards').select('company_id').where('id', '=', String(row.dashboard_id)).executeTakeFirst();
    return dashboard ? [dashboard.company_id] : [];
  }
  if (resource === 'tenant') return (await trx.selectFrom('companies').select('id').where('tenant_id', '=', id).execute()).map((c) => c.id);
  // A user's own account and keys: every company the user is a member of.
  const userId = resource === 'user' ? id : String(row.user_id);
  return memberCompanies(trx, userId);
}

export async function memberCompanies(trx: Db, userId: string): Promise<string[]> {
  return (await trx.selectFrom('company_members').select('company_id').where('user_id', '=', userId).execute()).map((m) => m.company_id);
}

export interface AuditEntry {
  companyIds: readonly string[];
  action: AuditAction;
  resource: AuditResource;
  resourceId: string | null;
  changes?: AuditFieldChange[] | Record<string, unknown> | undefined;
  /** The actor when it is not the current request's (a sign-in names the user it signs in). */
  actor?: AuditActor | undefined;
}

/** Appends one entry per company, in the transaction `trx` of the change it describes. */
export async function appendAudit(trx: Db, entry: AuditEntry, at: Date = new Date()): Promise<void> {
  if (entry.companyIds.length === 0) return;
  const actor: AuditActor | undefined = entry.actor ?? currentActor();
  const keyId = actor?.apiKeyId;
  let label = 'system';
  if (keyId) {
    const key = await trx
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['api_keys.name', 'users.email'])
      .where('api_keys.id', '=', keyId)
      .executeTakeFirst();
    label = key ? `${key.name} (${key.email})` : keyId;
  } else if (actor) {
    label = (await trx.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirst())?.email ?? actor.userId;
  }
  const changes = entry.changes === undefined ? null : JSON.stringify(entry.changes);
  await trx
    .insertInto('audit_events')
    .values(
      entry.companyIds.map((companyId) => ({
        id: timeOrderedId(at.getTime()),
        company_id: companyId,
        at: at.toISOString(),
        actor_type: keyId ? ('api_key' as const) : actor ? ('user' as const) : ('system' as const),
        actor_id: keyId ?? actor?.userId ?? null,
        actor_label: label,
        action: entry.action,
        resource_type: entry.resource,
        resource_id: entry.resourceId,
        address: actor?.address ?? null,
        changes,
      })),
    )
    .execute();
}

/**
 * Runs a create, update or delete of one row with its audit entry in the same transaction: the
 * row is read before and after, and the entry lists the fields that differ (secrets as changed,
 * never their values). An update that changes nothing writes no entry.
 */
export async function audited<T>(
  db: Db,
  change: { action: 'create' | 'update' | 'delete' | 'rotate_secret'; resource: Exclude<AuditResource, 'membership'>; id: string },
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const { secret, ignored } = TABLES[change.resource];
  return inTransaction(db, async (trx) => {
    const { id } = change;
    const before = change.action === 'create' ? undefined : await snapshot(trx, change.resource, id);
    // Taken before the change: a deleted tenant no longer has companies afterwards.
    const companiesBefore = before ? await companiesOf(trx, change.resource, id, before) : [];
    const result = await work(trx);
    const after = change.action === 'delete' ? undefined : await snapshot(trx, change.resource, id);
    if (!before && !after) return result;
    const changes = fieldChanges(before, after, secret, ignored);
    if (change.action === 'update' && changes.length === 0) return result;
    const companiesAfter = after ? await companiesOf(trx, change.resource, id, after) : [];
    const companyIds = [...new Set([...companiesBefore, ...companiesAfter])];
    await appendAudit(trx, {
      companyIds,
      action: change.action,
      resource: change.resource,
      resourceId: id,
      changes: change.action === 'delete' ? undefined : changes,
    });
    return result;
  });
}

/** The entry of a member joining a company with a role. */
export function membershipEntry(companyId: string, userId: string, role: string, action: AuditAction = 'create'): AuditEntry {
  return { companyIds: [companyId], action, resource: 'membership', resourceId: userId, changes: [{ field: 'role', old: null, new: role }] };
}
