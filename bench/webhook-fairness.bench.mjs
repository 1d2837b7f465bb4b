// Webhook fairness benchmark (issue #16): how long another company's webhook deliveries take while
// one company's endpoint never answers. One node as it runs (buildApp with its data plane, ticking
// each second); two receivers in worker threads (their own event loops, as separate receivers
// would be): one answers 200 at once, the other accepts and never answers. Company B's deliveries
// are queued one at a time, INTERVAL_MS apart, as uplinks would queue them; a delivery's latency is
// from queueing until the receiver has it. Measured idle, then while company A has HANGING
// deliveries to the hanging receiver (queued at once, just before B's).
// Usage: npm run build:server && node bench/webhook-fairness.bench.mjs [sqlite|postgres ...]
//   SAMPLES=<n> (default 40), INTERVAL_MS=<ms> (default 500), HANGING=<n> (default 300)
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { queueDeliveries, startNode, webhookTo } from './webhook-node.mjs';

const SAMPLES = Number(process.env.SAMPLES ?? 40);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 500);
const HANGING = Number(process.env.HANGING ?? 300);

/** A receiver: reports when each delivery (by its payload's `n`) arrived; `hang` never answers. */
function receive() {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      parentPort.postMessage({ n: JSON.parse(body).n, at: Date.now() });
      if (!workerData.hang) response.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
}

function startReceiver(hang) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { hang } });
  const arrived = new Map();
  return new Promise((resolve) => {
    worker.on('message', (message) => {
      if (message.port) resolve({ port: message.port, arrived, stop: () => worker.terminate() });
      else if (!arrived.has(message.n)) arrived.set(message.n, message.at);
    });
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function bench(dialect) {
  const fine = await startReceiver(false);
  const hanging = await startReceiver(true);
  const { app, db, cleanUp } = await startNode(dialect);
  try {
    const slowHook = await webhookTo(app, 'hanging', hanging.port);
    const otherHook = await webhookTo(app, 'other', fine.port);
    let next = 0;
    const queue = async (webhookId, count) => {
      const first = next;
      next += count;
      const at = await queueDeliveries(
        db,
        webhookId,
        Array.from({ length: count }, (_, i) => JSON.stringify({ n: first + i })),
      );
      return { first, at };
    };
    /** Company B's deliveries one at a time; answers their latencies in ms (sorted; a missing one counts as not arrived). */
    const measure = async () => {
      const sent = [];
      for (let i = 0; i < SAMPLES; i++) {
        const { first, at } = await queue(otherHook, 1);
        sent.push({ n: first, at });
        await sleep(INTERVAL_MS);
      }
      // Every one arrives in the end; wait for the last before reading.
      const deadline = Date.now() + 120_000;
      while (sent.some(({ n }) => !fine.arrived.has(n)) && Date.now() < deadline) await sleep(50);
      return sent.map(({ n, at }) => (fine.arrived.get(n) ?? Infinity) - at).sort((a, b) => a - b);
    };
    const idle = await measure();
    await queue(slowHook, HANGING);
    const duringHang = await measure();
    const hangingReceived = hanging.arrived.size;
    await app.close();
    const row = (phase, sorted) => ({
      dialect,
      phase,
      samples: sorted.length,
      p50_ms: percentile(sorted, 50),
      p95_ms: percentile(sorted, 95),
      max_ms: sorted.at(-1),
    });
    return [row('idle', idle), { ...row(`company A: ${HANGING} hanging`, duringHang), hanging_requests_seen: hangingReceived }];
  } finally {
    await fine.stop();
    await hanging.stop();
    await cleanUp();
  }
}

if (isMainThread) {
  const dialects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['sqlite', 'postgres'];
  const results = [];
  for (const dialect of dialects) results.push(...(await bench(dialect)));
  console.table(results);
  // The hanging receiver's connections stay open: end here rather than wait for them.
  process.exit(0);
} else {
  receive();
}
