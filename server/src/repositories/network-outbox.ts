import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { Database, NetworkEntityKind, NetworkOutboxTable, NetworkSyncTable } from '../db/schema.js';
import { timeOrderedId } from './time-ordered-id.js';
import type { SyncStatus } from '../schemas/network.js';
import type { SyncErrorCode } from '../schemas/messages.js';
import { memberCompanyIds } from './member-companies.js';

export type OutboxRow = Selectable<NetworkOutboxTable>;
/** A change of a provisioned entity (not a device's downlink queue). */
export type EntityOutboxRow = OutboxRow & { kind: NetworkEntityKind };

/** A change of a device's downlink queue: send one downlink (`put`), or flush the queue (`delete`). */
export type DownlinkChange = { action: 'put'; downlinkId: string } | { action: 'delete' };

export interface NetworkChange {
  kind: NetworkEntityKind;
  entityId: string;
  companyId: string | null;
  action: 'put' | 'delete';
  /** For a delete: the remote ids to remove (the entity is gone here by then). */
  target?: Record<string, string>;
}

/** What the worker learnt from a failed push. */
export interface PushFailure {
  code: string;
  message: string;
  /** When to try again; null parks the change until the retry action or a newer change. */
  nextAttemptAt: string | null;
  /** Shown as failed (not pending) from now on. */
  failed: boolean;
}

/** Nobody holds a live claim on the row: never claimed, or its lease ran out. */
const unclaimed =
  (at: string) =>
  (eb: ExpressionBuilder<Database, 'network_outbox'>): Expression<SqlBool> =>
    eb.or([eb('network_outbox.claimed_until', 'is', null), eb('network_outbox.claimed_until', '<', at)]);

const outboxRow = (change: NetworkChange, at: string): Insertable<NetworkOutboxTable> => ({
  id: randomUUID(),
  kind: change.kind,
  entity_id: change.entityId,
  company_id: change.companyId,
  action: change.action,
  target: change.target ? JSON.stringify(change.target) : null,
  next_attempt_at: at,
  claimed_by: null,
  claimed_until: null,
  created_at: at,
});

const pendingSync = (change: NetworkChange, at: string): Insertable<NetworkSyncTable> => ({
  kind: change.kind,
  entity_id: change.entityId,
  company_id: change.companyId,
  state: 'pending',
  remote_id: null,
  error_code: null,
  error_message: null,
  updated_at: at,
});

/**
 * The outbox of changes for the network server and each entity's sync state (migration 0010).
 * `record` runs inside the transaction of the change itself; the worker claims rows with a lease.
 */
export function networkOutboxRepository(db: Db, dialect: Dialect) {
  /** Another row for the same entity, recorded after this one: a put reads the entity's current state, so the older row has nothing left to do. */
  const superseded = async (row: OutboxRow) =>
    (await db
      .selectFrom('network_outbox')
      .select('id')
      .where('kind', '=', row.kind)
      .where('entity_id', '=', row.entity_id)
      .where('id', '!=', row.id)
      .where('created_at', '>=', row.created_at)
      .executeTakeFirst()) !== undefined;

  /**
   * Records a change. Waiting (unclaimed) changes of the same entity are replaced: a put pushes the
   * entity as it is when pushed, and a delete makes earlier puts moot.
   */
  async function record(change: NetworkChange, at: string): Promise<void> {
    await db.deleteFrom('network_outbox').where('kind', '=', change.kind).where('entity_id', '=', change.entityId).where(unclaimed(at)).execute();
    await db.insertInto('network_outbox').values(outboxRow(change, at)).execute();
    if (change.action === 'delete') {
      await db.deleteFrom('network_sync').where('kind', '=', change.kind).where('entity_id', '=', change.entityId).execute();
      return;
    }
    await db
      .insertInto('network_sync')
      .values(pendingSync(change, at))
      .onConflict((c) =>
        c.columns(['kind', 'entity_id']).doUpdateSet({ state: 'pending', company_id: change.companyId, error_code: null, error_message: null, updated_at: at }),
      )
      .execute();
  }

  /** Records puts of entities created just now in bulk, a few statements per 500 (none can have a waiting change). */
  async function recordNew(kind: NetworkEntityKind, entityIds: readonly string[], companyId: string, at: string): Promise<void> {
    for (let i = 0; i < entityIds.length; i += 500) {
      const changes = entityIds.slice(i, i + 500).map((entityId): NetworkChange => ({ kind, entityId, companyId, action: 'put' }));
      await db
        .insertInto('network_outbox')
        .values(changes.map((change) => outboxRow(change, at)))
        .execute();
      await db
        .insertInto('network_sync')
        .values(changes.map((change) => pendingSync(change, at)))
        .execute();
    }
  }

  /**
   * Records the same change of many entities of one company, a few statements per 500 (a bulk job's
   * batch): waiting changes of these entities are replaced, as `record` does for one.
   */
  async function recordMany(
    kind: NetworkEntityKind,
    action: 'put' | 'delete',
    entities: readonly { entityId: string; remoteId?: string }[],
    companyId: string,
    at: string,
  ): Promise<void> {
    for (let i = 0; i < entities.length; i += 500) {
      const chunk = entities.slice(i, i + 500);
      const ids = chunk.map((entity) => entity.entityId);
      const changes = chunk.map((entity): NetworkChange => ({
        kind,
        entityId: entity.entityId,
        companyId,
        action,
        ...(entity.remoteId ? { target: { remoteId: entity.remoteId } } : {}),
      }));
      await db.deleteFrom('network_outbox').where('kind', '=', kind).where('entity_id', 'in', ids).where(unclaimed(at)).execute();
      await db
        .insertInto('network_outbox')
        .values(changes.map((change) => outboxRow(change, at)))
        .execute();
      if (action === 'delete') {
        await db.deleteFrom('network_sync').where('kind', '=', kind).where('entity_id', 'in', ids).execute();
        continue;
      }
      await db
        .insertInto('network_sync')
        .values(changes.map((change) => pendingSync(change, at)))
        .onConflict((c) =>
          c.columns(['kind', 'entity_id']).doUpdateSet({ state: 'pending', company_id: companyId, error_code: null, error_message: null, updated_at: at }),
        )
        .execute();
    }
  }

  return {
    record,
    recordNew,
    recordMany,

    /**
     * Records a change of a device's downlink queue (in the transaction of the downlink itself).
     * Never coalesced: each downlink is sent. Time-ordered ids keep the order of changes recorded
     * within one millisecond.
     */
    async recordDownlink(deviceId: string, companyId: string, change: DownlinkChange, at: string): Promise<void> {
      await db
        .insertInto('network_outbox')
        .values({
          ...outboxRow({ kind: 'device', entityId: deviceId, companyId, action: change.action }, at),
          id: timeOrderedId(Date.parse(at)),
          kind: 'downlink',
          target: change.action === 'put' ? JSON.stringify({ downlinkId: change.downlinkId }) : null,
        })
        .execute();
    },

    /**
     * Takes the device's downlinks that wait unclaimed out of the outbox (a flush before they were
     * pushed) and returns their ids; one being pushed right now stays, and the flush follows it.
     */
    async takeWaitingDownlinks(deviceId: string, at: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('network_outbox')
        .where('kind', '=', 'downlink')
        .where('entity_id', '=', deviceId)
        .where('action', '=', 'put')
        .where(unclaimed(at))
        .returning('target')
        .execute();
      return rows.map((row) => (JSON.parse(row.target ?? '{}') as { downlinkId: string }).downlinkId);
    },

    /** A claimed change that is done (or has nothing left to do): gone, unless the claim was lost meanwhile. */
    async remove(row: OutboxRow): Promise<void> {
      await db.deleteFrom('network_outbox').where('id', '=', row.id).where('claimed_by', '=', row.claimed_by).execute();
    },

    /** A claimed change to try again at `nextAttemptAt` (counted as an attempt). */
    async release(row: OutboxRow, nextAttemptAt: string): Promise<void> {
      await db
        .updateTable('network_outbox')
        .set({ claimed_by: null, claimed_until: null, next_attempt_at: nextAttemptAt })
        .where('id', '=', row.id)
        .where('claimed_by', '=', row.claimed_by)
        .execute();
    },

    /** Takes up to `limit` due changes for `node` until `leaseUntil` (see claimDue). */
    async claim(node: string, at: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
      if (dialect === 'sqlite') return claimDue(db, dialect, node, at, leaseUntil, limit);
      // PostgreSQL: claimDue's checks see rows as they were when its statement began, so two nodes
      // claiming at the same moment would each miss the other's uncommitted claims and could take
      // two downlinks of one device at once. Claims take turns (per schema); each is one short statement.
      const claimInTurn = async (trx: Db) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.network_outbox claim'))`.execute(trx);
        return claimDue(trx, dialect, node, at, leaseUntil, limit);
      };
      return db.isTransaction ? claimInTurn(db) : db.transaction().execute(claimInTurn);
    },

    /** Takes the waiting change of one entity now (a dependency pushed ahead of its turn), unless another node holds one of its changes. */
    async claimEntity(kind: NetworkEntityKind, entityId: string, node: string, at: string, leaseUntil: string): Promise<OutboxRow | undefined> {
      const rows = await db
        .selectFrom('network_outbox')
        .select(['id', 'claimed_until'])
        .where('kind', '=', kind)
        .where('entity_id', '=', entityId)
        .orderBy('created_at')
        .execute();
      if (rows.length === 0 || rows.some((row) => row.claimed_until !== null && row.claimed_until >= at)) return undefined;
      // The claim holds only if nobody took the row between the look and the update.
      return db
        .updateTable('network_outbox')
        .set((eb) => ({ claimed_by: node, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1), next_attempt_at: at }))
        .where('id', '=', (rows[0] as { id: string }).id)
        .where(unclaimed(at))
        .returningAll()
        .executeTakeFirst();
    },

    /** A pushed change: gone from the outbox; its entity is in sync unless a newer change waits. */
    async complete(row: OutboxRow, remoteId: string | null, at: string): Promise<void> {
      const removed = await db.deleteFrom('network_outbox').where('id', '=', row.id).where('claimed_by', '=', row.claimed_by).executeTakeFirst();
      // A downlink has no sync state: its own row says where it stands (downlinks.ts).
      if (removed.numDeletedRows === 0n || row.action === 'delete' || row.kind === 'downlink') return;
      const state = (await superseded(row)) ? 'pending' : 'synced';
      await db
        .updateTable('network_sync')
        .set({ state, error_code: null, error_message: null, updated_at: at, ...(remoteId !== null ? { remote_id: remoteId } : {}) })
        .where('kind', '=', row.kind)
        .where('entity_id', '=', row.entity_id)
        .execute();
    },

    /** A failed push: rescheduled (or parked), unless a newer change of the entity made it moot. */
    async fail(row: OutboxRow, failure: PushFailure, at: string): Promise<void> {
      if (await superseded(row)) {
        await db.deleteFrom('network_outbox').where('id', '=', row.id).execute();
        return;
      }
      await db
        .updateTable('network_outbox')
        .set({ claimed_by: null, claimed_until: null, next_attempt_at: failure.nextAttemptAt })
        .where('id', '=', row.id)
        .where('claimed_by', '=', row.claimed_by)
        .execute();
      if (row.action === 'delete' || row.kind === 'downlink') return;
      await db
        .updateTable('network_sync')
        .set({ state: failure.failed ? 'failed' : 'pending', error_code: failure.code, error_message: failure.message.slice(0, 500), updated_at: at })
        .where('kind', '=', row.kind)
        .where('entity_id', '=', row.entity_id)
        .execute();
    },

    /** The retry action: the entity's waiting change is due now, with a fresh count of attempts. */
    async retryNow(kind: NetworkEntityKind, entityId: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('network_outbox')
        .set({ next_attempt_at: at, attempts: 0 })
        .where('kind', '=', kind)
        .where('entity_id', '=', entityId)
        .where(unclaimed(at))
        .executeTakeFirst();
      await db.updateTable('network_sync').set({ state: 'pending', updated_at: at }).where('kind', '=', kind).where('entity_id', '=', entityId).execute();
      return result.numUpdatedRows > 0n;
    },

    async remoteId(kind: NetworkEntityKind, entityId: string): Promise<string | null> {
      const row = await db.selectFrom('network_sync').select('remote_id').where('kind', '=', kind).where('entity_id', '=', entityId).executeTakeFirst();
      return row?.remote_id ?? null;
    },

    /**
     * Keeps the network server's id as soon as it is known (before the change completes), so a
     * retry after a later step failed updates what was created instead of creating it again.
     */
    async setRemoteId(kind: NetworkEntityKind, entityId: string, remoteId: string): Promise<void> {
      await db.updateTable('network_sync').set({ remote_id: remoteId }).where('kind', '=', kind).where('entity_id', '=', entityId).execute();
    },

    /** Records a put unless a change of the entity already waits (a dependency asked for by a device). */
    async ensurePut(change: NetworkChange, at: string): Promise<void> {
      const waiting = await db
        .selectFrom('network_outbox')
        .select('id')
        .where('kind', '=', change.kind)
        .where('entity_id', '=', change.entityId)
        .executeTakeFirst();
      if (!waiting) await record(change, at);
    },

    /** A change that waits for another: due again soon, without counting as an attempt or an error. */
    async defer(row: OutboxRow, nextAttemptAt: string): Promise<void> {
      await db
        .updateTable('network_outbox')
        .set({ claimed_by: null, claimed_until: null, next_attempt_at: nextAttemptAt, attempts: row.attempts - 1 })
        .where('id', '=', row.id)
        .where('claimed_by', '=', row.claimed_by)
        .execute();
    },

    /** The sync status of each of these entities that has one. */
    async statuses(kind: NetworkEntityKind, entityIds: readonly string[]): Promise<Map<string, SyncStatus>> {
      const found = new Map<string, SyncStatus>();
      if (entityIds.length === 0) return found;
      const rows = await db
        .selectFrom('network_sync')
        .select(['entity_id', 'state', 'error_code', 'error_message', 'updated_at'])
        .where('kind', '=', kind)
        .where('entity_id', 'in', entityIds)
        .execute();
      for (const row of rows) {
        found.set(row.entity_id, {
          state: row.state,
          error_code: row.error_code as SyncErrorCode | null,
          error_message: row.error_message,
          updated_at: row.updated_at,
        });
      }
      return found;
    },

    /** The company an entity's sync status belongs to (for the retry action's access check). */
    async companyOf(kind: NetworkEntityKind, entityId: string): Promise<string | null | undefined> {
      const row = await db.selectFrom('network_sync').select('company_id').where('kind', '=', kind).where('entity_id', '=', entityId).executeTakeFirst();
      return row?.company_id;
    },

    /** How many of the entities of the user's companies wait to be provisioned, and how many failed. */
    async counts(userId: string): Promise<{ pending: number; failed: number }> {
      const rows = await db
        .selectFrom('network_sync')
        .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
        .where('company_id', 'in', memberCompanyIds(db, userId))
        .where('state', '!=', 'synced')
        .groupBy('state')
        .execute();
      const count = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    },
  };
}

export type NetworkOutboxRepository = ReturnType<typeof networkOutboxRepository>;

/**
 * Takes up to `limit` due changes for `node` until `leaseUntil`. A change is due when its time has
 * come and nobody holds a live claim on it or on another change of the same entity, so one
 * entity's changes are pushed in order and never by two nodes at once.
 */
async function claimDue(db: Db, dialect: Dialect, node: string, at: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
  let due = db
    .selectFrom('network_outbox')
    .select('network_outbox.id')
    .where('network_outbox.next_attempt_at', '<=', at)
    .where(unclaimed(at))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('network_outbox as busy')
            .select('busy.id')
            .whereRef('busy.kind', '=', 'network_outbox.kind')
            .whereRef('busy.entity_id', '=', 'network_outbox.entity_id')
            .whereRef('busy.id', '!=', 'network_outbox.id')
            .where('busy.claimed_until', '>=', at),
        ),
      ),
    )
    // A device's downlinks leave in the order they were sent: none overtakes an earlier one (or a
    // flush) still waiting for its retry. Entity changes need no such rule: a newer one replaces the older.
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('network_outbox.kind', '!=', 'downlink'),
        not(
          exists(
            selectFrom('network_outbox as earlier')
              .select('earlier.id')
              .where('earlier.kind', '=', 'downlink')
              .whereRef('earlier.entity_id', '=', 'network_outbox.entity_id')
              .where((e) =>
                e.or([
                  e('earlier.created_at', '<', e.ref('network_outbox.created_at')),
                  e.and([e('earlier.created_at', '=', e.ref('network_outbox.created_at')), e('earlier.id', '<', e.ref('network_outbox.id'))]),
                ]),
              )
              .where('earlier.next_attempt_at', '>', at),
          ),
        ),
      ]),
    )
    .orderBy('network_outbox.created_at')
    .orderBy('network_outbox.id')
    .limit(limit);
  // PostgreSQL: rows another transaction is changing right now (a newer change replacing one, a
  // dependency claimed ahead) are skipped, not waited for. SQLite has one writer: the UPDATE is atomic on its own.
  if (dialect === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('network_outbox')
    .set((eb) => ({ claimed_by: node, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  // RETURNING follows no ORDER BY (PostgreSQL answers in whatever order it updated): oldest first, as they are pushed.
  return claimed.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1));
}
