// Codec sandbox benchmark: the cost of one payload-codec call with real vendor codecs from the
// template catalog, through the worker pool ingest uses, and the parts of a call measured
// in-process (what a fresh runtime, a fresh context and the script load each cost).
// Usage: npx tsc -p server/tsconfig.build.json && node bench/codec.bench.mjs
import { performance } from 'node:perf_hooks';
import { getQuickJS } from 'quickjs-emscripten';
import { load } from './server.mjs';

const [{ CODEC_MEMORY_LIMIT_BYTES, CodecPool }, { templateCatalog }] = await Promise.all([
  load('dataplane/codec/index.js'),
  load('templates/catalog/index.js'),
]);

const CALLS = Number(process.env.CALLS ?? 3000);
const IN_FLIGHT = 64;
const MODELS = ['dragino-lht65n', 'milesight-am307', 'elsys-ers-co2'];
const recvTime = new Date('2026-11-22T12:00:00Z');
// The pool's caller (one company's uplinks); a pool that predates callers ignores it.
const caller = { company: 'bench', interactive: false };

function inputOf(template) {
  const sample = template.samples[0];
  return { bytes: [...Buffer.from(sample.bytes_hex, 'hex')], fPort: sample.fPort, recvTime, variables: {} };
}

const us = (ms, n) => ((ms * 1000) / n).toFixed(0);
const perSecond = (ms, n) => Math.round(n / (ms / 1000)).toLocaleString('en');

async function throughPool(template) {
  const input = inputOf(template);
  const single = new CodecPool(1);
  for (let i = 0; i < 200; i++) await single.run(template.codec, input, caller); // warm-up
  let started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const result = await single.run(template.codec, input, caller);
    if (!result.ok) throw new Error(`${template.id}: ${result.error.message}`);
  }
  const sequentialMs = performance.now() - started;
  await single.close();

  const pool = new CodecPool();
  for (let i = 0; i < 200; i++) await pool.run(template.codec, input, caller);
  let next = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < CALLS) await pool.run(template.codec, input, caller);
    }),
  );
  const concurrentMs = performance.now() - started;
  await pool.close();
  return { sequentialMs, concurrentMs };
}

/** The parts of one call, in this thread, without the pool's messaging. */
async function parts(template) {
  const quickjs = await getQuickJS();
  const driver = `decodeUplink(${JSON.stringify({ ...inputOf(template), recvTime: recvTime.getTime() })})`;
  const time = (fn) => {
    for (let i = 0; i < 100; i++) fn();
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) fn();
    return performance.now() - started;
  };
  const evalIn = (context, code) => context.unwrapResult(context.evalCode(code, 'codec.js', { type: 'global' })).dispose();
  const freshRuntime = time(() => {
    const runtime = quickjs.newRuntime();
    runtime.setMemoryLimit(CODEC_MEMORY_LIMIT_BYTES);
    const context = runtime.newContext();
    evalIn(context, template.codec);
    evalIn(context, driver);
    context.dispose();
    runtime.dispose();
  });
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(CODEC_MEMORY_LIMIT_BYTES);
  const contextOnly = time(() => runtime.newContext().dispose());
  const freshContext = time(() => {
    const context = runtime.newContext();
    evalIn(context, template.codec);
    evalIn(context, driver);
    context.dispose();
  });
  const reused = runtime.newContext();
  evalIn(reused, template.codec);
  const decodeOnly = time(() => evalIn(reused, driver));
  reused.dispose();
  runtime.dispose();
  return { freshRuntime, contextOnly, freshContext, decodeOnly };
}

console.log(`${CALLS} calls per figure; Node ${process.version}\n`);
console.log(
  '| codec | pool, one at a time | pool, 2 workers, 64 in flight | fresh runtime + context | fresh context (used) | context creation alone | decode in a reused context |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const id of MODELS) {
  const template = templateCatalog.find((t) => t.id === id);
  const pool = await throughPool(template);
  const p = await parts(template);
  console.log(
    `| ${template.vendor} ${template.model} (${template.codec.length} chars) | ${us(pool.sequentialMs, CALLS)} µs (${perSecond(pool.sequentialMs, CALLS)}/s) | ` +
      `${perSecond(pool.concurrentMs, CALLS)}/s | ${us(p.freshRuntime, CALLS)} µs | ${us(p.freshContext, CALLS)} µs | ${us(p.contextOnly, CALLS)} µs | ${us(p.decodeOnly, CALLS)} µs |`,
  );
}
