// What the webhook benchmarks share: one node as it runs (buildApp with its data plane) on a fresh
// database of the given dialect, a company with a webhook to a local receiver, and deliveries
// queued straight into the table as the ingest path queues them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signUpOwner } from './owner.mjs';
import { buildApp, dropPostgresSchema, load, loadConfig, migrateToLatest, openDatabase } from './server.mjs';

/** A node with its data plane on a fresh SQLite file or PostgreSQL schema; `close()` removes it all. */
export async function startNode(dialect) {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-webhooks-'));
  const database = await openDatabase(dialect === 'postgres' ? { databaseUrl: url, pgSchema: schema } : { sqliteFile: path.join(dir, 'webhooks.sqlite') });
  const cleanUp = async () => {
    await database.close().catch(() => undefined);
    if (dialect === 'postgres') await dropPostgresSchema(url, schema);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, MQTT_PORT: '0', WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const app = await buildApp({ config, database, logger: false, dataPlane: true });
    await app.ready();
    return { app, db: database.db, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Signs up an owner named `name` with a company of that name and a webhook to the local `port`; answers the webhook's id. */
export async function webhookTo(app, name, port) {
  const { headers } = await signUpOwner(app, name);
  const company = (await app.inject({ method: 'POST', url: '/api/company/', headers, payload: { name } })).json().id;
  const hook = await app.inject({ method: 'POST', url: '/api/webhook/', headers, payload: { company_id: company, url: `http://127.0.0.1:${port}/hook` } });
  if (hook.statusCode !== 201) throw new Error(`webhook: HTTP ${hook.statusCode} ${hook.body}`);
  return hook.json().id;
}

/** Queues one delivery per payload, all due now; answers the time they were queued (ms). */
export async function queueDeliveries(db, webhookId, payloads) {
  const at = new Date().toISOString();
  const { pendingDelivery } = await load('repositories/webhooks.js');
  const rows = payloads.map((payload) => pendingDelivery(webhookId, payload, at));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 500))
      .execute();
  return Date.parse(at);
}
