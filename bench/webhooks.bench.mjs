// Webhook benchmark (issue #24): deliveries per second one node sends to a fast local receiver,
// through the real path: the node's data plane (buildApp with dataPlane) claims queued deliveries,
// POSTs each one and records the outcome. The receiver runs in a worker thread (its own event
// loop, as a separate receiver would be) and answers 200 at once, or after RECEIVER_DELAY_MS.
// The deliveries are queued in one go, as a burst of uplinks would queue them; the rate is taken
// between the first and the last request the receiver saw, so the wait for the node's next tick
// is not counted, and the run ends when the database shows every delivery delivered (looked at
// only once the receiver has seen them all, so no query of the benchmark competes with the node).
// Usage: npm run build:server && node bench/webhooks.bench.mjs [sqlite|postgres ...]
//   DELIVERIES=<n> (default 5000), RECEIVER_DELAY_MS=<ms> (default 0)
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { queueDeliveries, startNode, webhookTo } from './webhook-node.mjs';

const DELIVERIES = Number(process.env.DELIVERIES ?? 5000);
const RECEIVER_DELAY_MS = Number(process.env.RECEIVER_DELAY_MS ?? 0);

/** The receiver: counts requests, reports the time of the first and the last. */
function receive() {
  let seen = 0;
  let first = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const now = performance.timeOrigin + performance.now();
      if (seen++ === 0) first = now;
      parentPort.postMessage({ seen, first, last: now });
      const answer = () => response.writeHead(200).end();
      if (workerData.delayMs > 0) setTimeout(answer, workerData.delayMs);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
}

function startReceiver() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { delayMs: RECEIVER_DELAY_MS } });
  const state = { seen: 0, first: 0, last: 0 };
  return new Promise((resolve) => {
    worker.on('message', (message) => {
      if (message.port) resolve({ port: message.port, state, stop: () => worker.terminate() });
      else Object.assign(state, message);
    });
  });
}

async function bench(dialect) {
  const receiver = await startReceiver();
  const { app, db, cleanUp } = await startNode(dialect);
  try {
    const webhookId = await webhookTo(app, 'webhooks', receiver.port);
    // An uplink's payload as the ingest path queues it.
    const payload = (i) =>
      JSON.stringify({
        event: 'up',
        device: { id: randomUUID(), dev_eui: 'A840410000000001', name: 'bench' },
        fPort: 2,
        data: { temperature: 20 + (i % 10), humidity: 50 },
      });
    const started = performance.timeOrigin + performance.now();
    await queueDeliveries(
      db,
      webhookId,
      Array.from({ length: DELIVERIES }, (_, i) => payload(i)),
    );
    const delivered = async () =>
      Number(
        (
          await db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'delivered')
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The receiver's count first (no query competes with the node meanwhile), then the outcomes.
    while (receiver.state.seen < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20));
    while ((await delivered()) < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20));
    const recorded = performance.timeOrigin + performance.now();
    await app.close();
    const { seen, first, last } = receiver.state;
    return {
      dialect,
      deliveries: DELIVERIES,
      requests_received: seen,
      receiver_delay_ms: RECEIVER_DELAY_MS,
      per_second: Math.round((seen - 1) / ((last - first) / 1000)),
      seconds_until_all_recorded: ((recorded - started) / 1000).toFixed(2),
    };
  } finally {
    await receiver.stop();
    await cleanUp();
  }
}

if (isMainThread) {
  const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
  const results = [];
  for (const dialect of dialects) results.push(await bench(dialect));
  console.table(results);
} else {
  receive();
}
