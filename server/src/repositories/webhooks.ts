import { randomUUID } from 'node:crypto';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../db/schema.js';
import { memberCompanyIds } from './member-companies.js';
import type { Webhook } from '../schemas/webhooks.js';

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

/** A delivery this node holds, with where it goes. */
export type ClaimedDelivery = Selectable<Database['webhook_deliveries']> & Pick<WebhooksTable, 'url' | 'header_name' | 'header_value'>;

/** Not delivered: to be tried again at `next_attempt_at` ('pending'), or given up ('failed'). */
export type FailedDelivery = { id: string; status: 'pending' | 'failed' } & Pick<WebhookDeliveriesTable, 'next_attempt_at' | 'last_error' | 'response_status'>;

export type DeliveryOutcome = { id: string; status: 'delivered'; response_status: number } | FailedDelivery;

const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'payload',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'response_status',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof WebhookDeliveriesTable)[];

/** Nobody holds a live claim on the delivery: never claimed, or its lease ran out. */
const unclaimed =
  (at: string) =>
  (eb: ExpressionBuilder<Database, 'webhook_deliveries'>): Expression<SqlBool> =>
    eb.or([eb('webhook_deliveries.claimed_until', 'is', null), eb('webhook_deliveries.claimed_until', '<', at)]);

export function webhooksRepository(db: Db, dialect: Dialect) {
  const visible = (userId: string) => db.selectFrom('webhooks').where('company_id', 'in', memberCompanyIds(db, userId));

  return {
    async list(userId: string, companyId: string | undefined): Promise<Webhook[]> {
      let query = visible(userId).selectAll();
      if (companyId) query = query.where('company_id', '=', companyId);
      return (await query.orderBy('created_at').orderBy('id').limit(100).execute()).map(toWebhook);
    },
    async find(userId: string, id: string): Promise<Webhook | undefined> {
      const row = await visible(userId).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toWebhook(row) : undefined;
    },
    async create(companyId: string, fields: WebhookChanges & { url: string }, at: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('webhooks')
        .values({
          id,
          company_id: companyId,
          url: fields.url,
          header_name: fields.header_name ?? null,
          header_value: fields.header_value ?? null,
          enabled: fields.enabled === false ? 0 : 1,
          created_at: at,
        })
        .execute();
      return id;
    },
    async update(id: string, changes: WebhookChanges): Promise<void> {
      const set: Partial<WebhooksTable> = {};
      if (changes.url !== undefined) set.url = changes.url;
      if (changes.header_name !== undefined) set.header_name = changes.header_name;
      if (changes.header_value !== undefined) set.header_value = changes.header_value;
      if (changes.enabled !== undefined) set.enabled = changes.enabled ? 1 : 0;
      if (Object.keys(set).length > 0) await db.updateTable('webhooks').set(set).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('webhooks').where('id', '=', id).execute();
    },

    /**
     * Takes up to `limit` due deliveries for `node` until `leaseUntil`, and counts the attempt
     * before anything is sent: another node skips them while the lease holds, and takes them over
     * once it has run out (the node died mid-send).
     */
    async claim(node: string, at: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
      let due = db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where(unclaimed(at))
        .orderBy('next_attempt_at')
        .limit(limit);
      // PostgreSQL: nodes claiming at the same moment skip each other's rows instead of waiting.
      // SQLite has one writer, so the UPDATE below is atomic on its own.
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      const claimed = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ claimed_by: node, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: at }))
        .where('id', 'in', due)
        .returningAll()
        .execute();
      if (claimed.length === 0) return [];
      const hooks = await db
        .selectFrom('webhooks')
        .select(['id', 'url', 'header_name', 'header_value'])
        .where('id', 'in', [...new Set(claimed.map((row) => row.webhook_id))])
        .execute();
      const byId = new Map(hooks.map((hook) => [hook.id, hook]));
      // A webhook deleted meanwhile took its deliveries with it.
      return claimed.flatMap((row) => {
        const hook = byId.get(row.webhook_id);
        return hook ? [{ ...row, url: hook.url, header_name: hook.header_name, header_value: hook.header_value }] : [];
      });
    },
    /**
     * What became of deliveries `node` claimed, in one transaction. A delivery whose claim was
     * lost (its lease ran out and another node took it over) is left to that node.
     */
    async recordOutcomes(node: string, outcomes: readonly DeliveryOutcome[], at: string): Promise<void> {
      const released = { claimed_by: null, claimed_until: null, updated_at: at };
      // The usual case, a batch delivered with one status code, is one statement.
      const delivered = new Map<number, string[]>();
      const failed: FailedDelivery[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'delivered') delivered.set(outcome.response_status, [...(delivered.get(outcome.response_status) ?? []), outcome.id]);
        else failed.push(outcome);
      }
      const write = async (executor: Db) => {
        for (const [responseStatus, ids] of delivered) {
          await executor
            .updateTable('webhook_deliveries')
            .set({ ...released, status: 'delivered', last_error: null, response_status: responseStatus })
            .where('id', 'in', ids)
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
