import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../db/schema.js';
import { COMPANY_CONCURRENCY, DESTINATION_CONCURRENCY, destinationOf } from '../domain/webhooks.js';
import { listPage, type PageWindow } from './list-page.js';
import { memberCompanyIds } from './member-companies.js';
import type { Webhook } from '../schemas/webhooks.js';
import { audited } from './audited.js';
import { idIn } from './id-filter.js';

export interface WebhookChanges {
  url?: string | undefined;
  header_name?: string | null | undefined;
  header_value?: string | null | undefined;
  enabled?: boolean | undefined;
}

const toWebhook = (row: WebhooksTable): Webhook => ({
  id: row.id,
  company_id: row.company_id,
  url: row.url,
  header_name: row.header_name,
  has_header_value: row.header_value !== null,
  enabled: row.enabled === 1,
  created_at: row.created_at,
});

/** A delivery this node holds, with where it goes and the secret that signs it (as stored: sealed). */
export type ClaimedDelivery = Selectable<Database['webhook_deliveries']> & Pick<WebhooksTable, 'url' | 'header_name' | 'header_value' | 'secret'>;

/** How many deliveries may be under way at once, across all nodes (domain/webhooks.ts). */
export interface ClaimCaps {
  perCompany: number;
  perDestination: number;
}
const DEFAULT_CAPS: ClaimCaps = { perCompany: COMPANY_CONCURRENCY, perDestination: DESTINATION_CONCURRENCY };

/** Not delivered: to be tried again at `next_attempt_at` ('pending'), or given up ('failed'). */
export type FailedDelivery = { id: string; status: 'pending' | 'failed' } & Pick<
  WebhookDeliveriesTable,
  'next_attempt_at' | 'last_error' | 'response_status' | 'duration_ms'
>;

export type DeliveryOutcome = { id: string; status: 'delivered'; response_status: number; duration_ms: number } | FailedDelivery;

const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'response_status',
  'duration_ms',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof WebhookDeliveriesTable)[];

/**
 * The due deliveries to claim now: each company and each destination gets at most its cap in
 * flight, counting the live claims of every node, and the companies take turns (every company's
 * first due delivery comes before anyone's second), so a backlog of one company never fills the
 * slots others need. One statement, so it is atomic on SQLite; on PostgreSQL claims take turns.
 */
const claimableIds = (at: string, limit: number, caps: ClaimCaps) => sql<{ id: string }>`
  with live as (
    select w.company_id, w.destination
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.status = 'pending' and d.claimed_until >= ${at}
  ),
  company_live as (select company_id, count(*) as n from live group by company_id),
  destination_live as (select destination, count(*) as n from live group by destination),
  due as (
    select d.id, d.next_attempt_at, w.company_id, w.destination,
      row_number() over (partition by w.company_id order by d.next_attempt_at, d.id) as company_turn
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.status = 'pending' and d.next_attempt_at <= ${at} and (d.claimed_until is null or d.claimed_until < ${at})
  ),
  -- A destination's slots go round its companies too.
  turns as (
    select due.*, row_number() over (partition by due.destination order by due.company_turn, due.next_attempt_at, due.id) as destination_turn
    from due
  )
  select turns.id from turns
  left join company_live c on c.company_id = turns.company_id
  left join destination_live t on t.destination = turns.destination
  where turns.company_turn + coalesce(c.n, 0) <= ${caps.perCompany}
    and turns.destination_turn + coalesce(t.n, 0) <= ${caps.perDestination}
  order by turns.company_turn, turns.next_attempt_at, turns.id
  limit ${limit}`;

/** A delivery of `body` (JSON text) to a webhook as it is queued: pending, due at `at`, never tried. */
export function pendingDelivery(webhookId: string, body: string, at: string): WebhookDeliveriesTable {
  return {
    id: randomUUID(),
    webhook_id: webhookId,
    payload: body,
    status: 'pending',
    attempts: 0,
    next_attempt_at: at,
    last_error: null,
    response_status: null,
    duration_ms: null,
    created_at: at,
    updated_at: at,
  };
}

export function webhooksRepository(db: Db, dialect: Dialect) {
  const visible = (userId: string) => db.selectFrom('webhooks').where('company_id', 'in', memberCompanyIds(db, userId));

  return {
    async list(userId: string, companyId: string | undefined, window: PageWindow, ids?: string[]): Promise<{ count: number; results: Webhook[] }> {
      let query = visible(userId);
      if (companyId) query = query.where('company_id', '=', companyId);
      if (ids) query = query.where(idIn('id', ids));
      return listPage(query, window, (q) => q.selectAll().orderBy('created_at').orderBy('id'), toWebhook);
    },
    async find(userId: string, id: string): Promise<Webhook | undefined> {
      const row = await visible(userId).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toWebhook(row) : undefined;
    },
    /**
     * Creates the webhook with its signing secret (sealed under its id, so made from it) unless the company already has `cap` of them;
     * answers its id, or undefined at the cap. The count and the insert are one statement, so
     * creates racing each other never pass the cap: SQLite runs one writer at a time; on
     * PostgreSQL a statement does not see another's uncommitted insert, so the company's creates
     * take turns (a transaction-scoped advisory lock per company).
     */
    async createWithinCap(
      companyId: string,
      fields: WebhookChanges & { url: string },
      sealedSecret: (id: string) => string,
      at: string,
      cap: number,
    ): Promise<string | undefined> {
      const id = randomUUID();
      const secret = sealedSecret(id);
      const insert = (executor: Db) =>
        executor
          .insertInto('webhooks')
          .columns(['id', 'company_id', 'url', 'destination', 'header_name', 'header_value', 'enabled', 'created_at', 'secret'])
          .expression(
            executor
              .selectNoFrom([
                sql<string>`${id}`.as('id'),
                sql<string>`${companyId}`.as('company_id'),
                sql<string>`${fields.url}`.as('url'),
                sql<string>`${destinationOf(fields.url)}`.as('destination'),
                sql<string | null>`${fields.header_name ?? null}`.as('header_name'),
                sql<string | null>`${fields.header_value ?? null}`.as('header_value'),
                sql<number>`${fields.enabled === false ? 0 : 1}`.as('enabled'),
                sql<string>`${at}`.as('created_at'),
                sql<string>`${secret}`.as('secret'),
              ])
              .where(sql<boolean>`(select count(*) from webhooks where company_id = ${companyId}) < ${cap}`),
          )
          .executeTakeFirst();
      const inTurn = async (trx: Db) => {
        await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.webhooks cap ' || ${companyId}))`.execute(trx);
        return insert(trx);
      };
      const result = await audited(db, { action: 'create', resource: 'webhook', id }, (trx) => (dialect === 'postgres' ? inTurn(trx) : insert(trx)));
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? id : undefined;
    },
    /** Replaces the (sealed) signing secret; deliveries signed from now on use the new one. */
    async rotateSecret(id: string, secret: string): Promise<void> {
      await audited(db, { action: 'rotate_secret', resource: 'webhook', id }, (trx) =>
        trx.updateTable('webhooks').set({ secret }).where('id', '=', id).execute(),
      );
    },
    async update(id: string, changes: WebhookChanges): Promise<void> {
      const set: Partial<WebhooksTable> = {};
      if (changes.url !== undefined) Object.assign(set, { url: changes.url, destination: destinationOf(changes.url) });
      if (changes.header_name !== undefined) set.header_name = changes.header_name;
      if (changes.header_value !== undefined) set.header_value = changes.header_value;
      if (changes.enabled !== undefined) set.enabled = changes.enabled ? 1 : 0;
      if (Object.keys(set).length === 0) return;
      await audited(db, { action: 'update', resource: 'webhook', id }, (trx) => trx.updateTable('webhooks').set(set).where('id', '=', id).execute());
    },
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'webhook', id }, (trx) => trx.deleteFrom('webhooks').where('id', '=', id).execute());
    },

    /**
     * Takes up to `limit` due deliveries for `node` until `leaseUntil` within the caps, and counts
     * the attempt before anything is sent: another node skips them while the lease holds, and
     * takes them over once it has run out (the node died mid-send; its claims count against the
     * caps until then).
     */
    async claim(node: string, at: string, leaseUntil: string, limit: number, caps: ClaimCaps = DEFAULT_CAPS): Promise<ClaimedDelivery[]> {
      // The outer conditions are checked again on the row as it is when updated (PostgreSQL), so a
      // delivery whose old holder recorded it meanwhile is not taken.
      const take = (executor: Db) =>
        executor
          .updateTable('webhook_deliveries')
          .set((eb) => ({ claimed_by: node, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: at }))
          .where('id', 'in', sql<string>`(${claimableIds(at, limit, caps)})`)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
          .returningAll()
          .execute();
      // PostgreSQL: the caps count other nodes' claims, which a statement only sees once they are
      // committed, so claims take turns (per schema); each is one short statement. SQLite has one
      // writer, so the statement is atomic on its own.
      const claimInTurn = async (trx: Db) => {
        await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.webhook_deliveries claim'))`.execute(trx);
        return take(trx);
      };
      const claimed = dialect === 'postgres' ? await (db.isTransaction ? claimInTurn(db) : db.transaction().execute(claimInTurn)) : await take(db);
      if (claimed.length === 0) return [];
      const hooks = await db
        .selectFrom('webhooks')
        .select(['id', 'url', 'header_name', 'header_value', 'secret'])
        .where('id', 'in', [...new Set(claimed.map((row) => row.webhook_id))])
        .execute();
      const byId = new Map(hooks.map((hook) => [hook.id, hook]));
      // A webhook deleted meanwhile took its deliveries with it.
      return claimed.flatMap((row) => {
        const hook = byId.get(row.webhook_id);
        return hook ? [{ ...row, url: hook.url, header_name: hook.header_name, header_value: hook.header_value, secret: hook.secret }] : [];
      });
    },
    /**
     * What became of deliveries `node` claimed, in one transaction. A delivery whose claim was
     * lost (its lease ran out and another node took it over) is left to that node.
     */
    async recordOutcomes(node: string, outcomes: readonly DeliveryOutcome[], at: string): Promise<void> {
      const released = { claimed_by: null, claimed_until: null, updated_at: at };
      // The usual case, a batch delivered with one status code, is one statement.
      const delivered = new Map<number, { id: string; duration_ms: number }[]>();
      const failed: FailedDelivery[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'delivered') delivered.set(outcome.response_status, [...(delivered.get(outcome.response_status) ?? []), outcome]);
        else failed.push(outcome);
      }
      const write = async (executor: Db) => {
        for (const [responseStatus, group] of delivered) {
          // Each its own duration, still in one statement (the cast types the parameters on PostgreSQL).
          const durations = sql<number>`case ${sql.join(
            group.map(({ id, duration_ms }) => sql`when id = ${id} then cast(${duration_ms} as integer)`),
            sql` `,
          )} end`;
          await executor
            .updateTable('webhook_deliveries')
            .set({ ...released, status: 'delivered', last_error: null, response_status: responseStatus, duration_ms: durations })
            .where(
              'id',
              'in',
              group.map(({ id }) => id),
            )
            .where('claimed_by', '=', node)
            .execute();
        }
        for (const { id, ...outcome } of failed) {
          await executor
            .updateTable('webhook_deliveries')
            .set({ ...released, ...outcome })
            .where('id', '=', id)
            .where('claimed_by', '=', node)
            .execute();
        }
      };
      // One statement needs no transaction around it (two more round trips on PostgreSQL).
      if (delivered.size + failed.length > 1) await db.transaction().execute(write);
      else await write(db);
    },
    /** Queues one delivery of `payload` to a webhook, due now (a test event); answers it as queued. */
    async queueDelivery(webhookId: string, payload: unknown, at: string): Promise<WebhookDeliveriesTable> {
      const delivery = pendingDelivery(webhookId, JSON.stringify(payload), at);
      await db.insertInto('webhook_deliveries').values(delivery).execute();
      return delivery;
    },
    /** A webhook's latest deliveries, as queued and sent (who holds a claim is the dispatcher's business). */
    async deliveries(webhookId: string, limit: number): Promise<WebhookDeliveriesTable[]> {
      return db
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;

/** A webhook's stored signing secret to rewrite, only if it still holds `from` (another node may have rewritten it). */
export interface WebhookSecretChange {
  id: string;
  from: string;
  to: string;
}

/** Every webhook's stored signing secret (sealing them at start and on key rotation reads them all). */
export async function readWebhookSecrets(db: Db): Promise<{ id: string; secret: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'secret']).orderBy('id').execute();
}

/** Rewrites stored signing secrets that still hold what was read; answers how many did. */
export async function replaceWebhookSecrets(db: Db, changes: readonly WebhookSecretChange[]): Promise<number> {
  let replaced = 0;
  for (const change of changes) {
    const result = await db.updateTable('webhooks').set({ secret: change.to }).where('id', '=', change.id).where('secret', '=', change.from).executeTakeFirst();
    replaced += Number(result.numUpdatedRows);
  }
  return replaced;
}
