import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { WebhookDeliveriesTable, WebhooksTable } from '../db/schema.js';
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

export type DueDelivery = WebhookDeliveriesTable & Pick<WebhooksTable, 'url' | 'header_name' | 'header_value'>;

export function webhooksRepository(db: Db) {
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

    async due(at: string, limit: number): Promise<DueDelivery[]> {
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .selectAll('webhook_deliveries')
        .select(['webhooks.url', 'webhooks.header_name', 'webhooks.header_value'])
        .where('webhook_deliveries.status', '=', 'pending')
        .where('webhook_deliveries.next_attempt_at', '<=', at)
        .orderBy('webhook_deliveries.next_attempt_at')
        .limit(limit)
        .execute();
    },
    async recordAttempt(
      id: string,
      outcome: Pick<WebhookDeliveriesTable, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'response_status'>,
      at: string,
    ): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ ...outcome, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async deliveries(webhookId: string, limit: number): Promise<WebhookDeliveriesTable[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
