import { sql, type Kysely } from 'kysely';
import { destinationOf } from '../../domain/webhooks.js';
import { newWebhookSecret } from '../../dataplane/webhooks/signature.js';

// Webhook hardening (issue #16).
// - Each webhook signs its deliveries with its own secret (Standard Webhooks); webhooks made before
//   get one now, which their owners rotate to see it.
// - Its destination (scheme, host and port) is kept beside the URL: the claim counts deliveries
//   under way per destination and per company without parsing URLs in SQL.
// - The deliveries log keeps our own error categories only: free texts written before (errno
//   names, "HTTP 500") become categories.
// - Counting deliveries under way finds the live claims through an index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhooks').addColumn('secret', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('destination', 'text').execute();
  const hooks = await sql<{ id: string; url: string }>`select id, url from webhooks`.execute(db);
  for (const hook of hooks.rows) {
    await sql`update webhooks set secret = ${newWebhookSecret()}, destination = ${destinationOf(hook.url)} where id = ${hook.id}`.execute(db);
  }
  await sql`update webhook_deliveries set last_error = case
      when last_error like 'HTTP %' then 'http_status'
      when last_error like 'abandoned%' then 'abandoned'
      when last_error like 'no answer within%' then 'timeout'
      else 'connection_failed' end
    where last_error is not null`.execute(db);
  await db.schema.createIndex('webhook_deliveries_claimed_idx').on('webhook_deliveries').columns(['status', 'claimed_until']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_claimed_idx').execute();
  await db.schema.alterTable('webhooks').dropColumn('destination').execute();
  await db.schema.alterTable('webhooks').dropColumn('secret').execute();
}
