import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../server/src/db/database.js';
import { pendingDelivery } from '../../../server/src/repositories/webhooks.js';
import { createRecord, oneCompany } from './fixtures.js';
import type { TestApp } from './test-app.js';

/** A company with one webhook to `url`, on a fresh app that allows local receivers. */
export async function webhookSetup(url = 'http://127.0.0.1:9/hook'): Promise<{ t: TestApp; webhookId: string }> {
  const { t, owner, company } = await oneCompany({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const webhookId = await createRecord(t, owner, '/api/webhook/', { company_id: company, url, header_name: 'X-Token', header_value: 's3cret' });
  return { t, webhookId };
}

/**
 * Queues `count` deliveries due at `at` straight into the table, as the ingest path queues them;
 * each payload carries its number (`{"n": i}`), so a receiver can tell them apart. Answers their ids.
 */
export async function queueDeliveries(db: Db, webhookId: string, count: number, at: string): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, n) => pendingDelivery(webhookId, JSON.stringify({ n }), at));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((row) => row.id);
}

/** A local receiver that answers after `delayMs`, counting each payload number it got and the most requests it held at once. */
export interface Receiver {
  url: string;
  /** payload number → how often it arrived */
  received: Map<number, number>;
  mostAtOnce: number;
  close(): Promise<void>;
}

export async function startReceiver(delayMs: number, onRequest?: (n: number) => Promise<void>): Promise<Receiver> {
  const received = new Map<number, number>();
  let open = 0;
  const receiver: Receiver = { url: '', received, mostAtOnce: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    open++;
    receiver.mostAtOnce = Math.max(receiver.mostAtOnce, open);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { n } = JSON.parse(body) as { n: number };
      received.set(n, (received.get(n) ?? 0) + 1);
      void (onRequest?.(n) ?? Promise.resolve()).then(() =>
        setTimeout(() => {
          open--;
          response.writeHead(200).end();
        }, delayMs),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
