import type { Db } from '../db/database.js';
import type { RecordKind } from '../domain/permissions.js';
import type { CompanyRole } from '../domain/roles.js';
import type { CompanyMember } from '../schemas/companies.js';
import { appendAudit, inTransaction, type AuditEntry } from './audited.js';

/** A member's last activity is written at most this often (one update a minute, not one a request). */
const ACTIVITY_RESOLUTION_MS = 60_000;

type CompanyRecordTable = 'devices' | 'gateways' | 'units' | 'groups' | 'dashboards' | 'webhooks' | 'invites' | 'profiles' | 'rules' | 'bulk_jobs';
const RECORD_TABLES: Record<Exclude<RecordKind, 'widget' | 'sync'>, CompanyRecordTable> = {
  device: 'devices',
  gateway: 'gateways',
  unit: 'units',
  group: 'groups',
  dashboard: 'dashboards',
  webhook: 'webhooks',
  invite: 'invites',
  profile: 'profiles',
  rule: 'rules',
  bulk_job: 'bulk_jobs',
};

/** Who belongs to which company in which role: the access check's reads and the membership changes. */
export function membershipsRepository(db: Db) {
  return {
    async find(userId: string, companyId: string): Promise<{ role: CompanyRole; last_active_at: string | null } | undefined> {
      return db
        .selectFrom('company_members')
        .select(['role', 'last_active_at'])
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Records the member's activity unless it was recorded less than a minute ago. */
    async touch(userId: string, companyId: string, last: string | null, at: Date): Promise<void> {
      if (last && at.getTime() - new Date(last).getTime() < ACTIVITY_RESOLUTION_MS) return;
      await db
        .updateTable('company_members')
        .set({ last_active_at: at.toISOString() })
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** The company a record belongs to, whoever asks; undefined when there is no such record. */
    async companyOfRecord(kind: RecordKind, id: string, syncKind?: 'device' | 'profile' | 'gateway'): Promise<string | undefined> {
      if (kind === 'widget') {
        const row = await db
          .selectFrom('widgets')
          .innerJoin('dashboards', 'dashboards.id', 'widgets.dashboard_id')
          .select('dashboards.company_id')
          .where('widgets.id', '=', id)
          .executeTakeFirst();
        return row?.company_id;
      }
      const table = RECORD_TABLES[kind === 'sync' ? (syncKind ?? 'device') : kind];
      const row = await db.selectFrom(table).select('company_id').where('id', '=', id).executeTakeFirst();
      return row?.company_id;
    },

    /** A dashboard's (or a widget's dashboard's) owner and whether it is shared. */
    async dashboardOf(kind: 'dashboard' | 'widget', id: string): Promise<{ owner_id: string; is_shared: number } | undefined> {
      const query =
        kind === 'dashboard'
          ? db.selectFrom('dashboards').select(['owner_id', 'is_shared']).where('id', '=', id)
          : db
              .selectFrom('widgets')
              .innerJoin('dashboards', 'dashboards.id', 'widgets.dashboard_id')
              .select(['dashboards.owner_id', 'dashboards.is_shared'])
              .where('widgets.id', '=', id);
      return query.executeTakeFirst();
    },

    async list(companyId: string): Promise<CompanyMember[]> {
      return db
        .selectFrom('company_members')
        .innerJoin('users', 'users.id', 'company_members.user_id')
        .select([
          'users.id',
          'users.first_name',
          'users.last_name',
          'users.email',
          'company_members.role',
          'company_members.joined_at',
          'company_members.last_active_at',
        ])
        .where('company_members.company_id', '=', companyId)
        .orderBy('company_members.joined_at')
        .orderBy('users.id')
        .execute();
    },

    async ownerCount(companyId: string): Promise<number> {
      const row = await db
        .selectFrom('company_members')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setRole(companyId: string, userId: string, role: CompanyRole): Promise<void> {
      await inTransaction(db, (trx) => changeRole(trx, companyId, userId, role));
    },

    /**
     * Ends a membership. Access is checked against this table at every request (sessions and keys
     * keep no copy), so the member's sessions and keys lose the company with this commit; the keys
     * made for this company alone are deleted with it, so a later invite does not revive them.
     */
    async remove(companyId: string, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await roleOf(trx, companyId, userId);
        await trx.deleteFrom('company_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
        await trx.deleteFrom('api_keys').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
        if (before) await appendAudit(trx, { ...roleEntry(companyId, userId, before, null), action: 'delete' });
      });
    },

    /** The new owner becomes one and the old steps down to admin, in one transaction. */
    async transfer(companyId: string, from: string, to: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await changeRole(trx, companyId, to, 'owner');
        await changeRole(trx, companyId, from, 'admin');
      });
    },
  };
}

async function roleOf(trx: Db, companyId: string, userId: string): Promise<CompanyRole | undefined> {
  return (await trx.selectFrom('company_members').select('role').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst())?.role;
}

const roleEntry = (companyId: string, userId: string, old: CompanyRole | null, next: CompanyRole | null): AuditEntry => ({
  companyIds: [companyId],
  action: 'update',
  resource: 'membership',
  resourceId: userId,
  changes: [{ field: 'role', old, new: next }],
});

/** Sets a member's role, with its audit entry in the same transaction when it changed. */
async function changeRole(trx: Db, companyId: string, userId: string, role: CompanyRole): Promise<void> {
  const before = await roleOf(trx, companyId, userId);
  await trx.updateTable('company_members').set({ role }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  if (before && before !== role) await appendAudit(trx, roleEntry(companyId, userId, before, role));
}

export type MembershipsRepository = ReturnType<typeof membershipsRepository>;
