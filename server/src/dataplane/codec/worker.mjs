// Codec sandbox worker: runs payload codecs in QuickJS, in a context kept loaded per company and
// codec (cached.mjs) or, for codecs that cannot be, a fresh runtime and context per call.
// Plain JavaScript on purpose: the same file serves the compiled server and the tests
// (workers cannot load TypeScript). The pool in pool.ts owns it; message types are in types.ts.
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';
import { CodecContexts } from './cached.mjs';
import { installConsole } from './console.mjs';
import { invocation } from './drivers.mjs';
import { failure, interpret, settled } from './results.mjs';

/**
 * Codecs run below the priority of the server's event loop, so a company's endless loops, which
 * keep a worker busy for their whole time limit, take CPU from the machine's idle time rather than
 * from everyone's HTTP requests and commits (bench/codec-fairness.bench.mjs). Linux lets one thread
 * of a process be reniced by its thread id; elsewhere the workers keep the process's priority.
 */
const WORKER_NICENESS = 10;
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICENESS);
} catch {
  // Not Linux (no /proc/thread-self), or not allowed: the codec still runs, at normal priority.
}

const quickjs = await getQuickJS();
// Set when QuickJS could not free a runtime: this worker's memory is no longer trustworthy.
let broken = false;

// Every context gets a runtime of its own: nothing one call leaves behind (garbage kept alive by a
// cycle, atoms, a half-collected heap) counts against the next call's memory limit or is seen
// by it. Measured in-process: a runtime costs little beside the context itself (bench/RESULTS.md).
function newRuntime(limits) {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  return runtime;
}

const contexts = new CodecContexts(newRuntime, () => {
  broken = true;
});

const evaluate = (context, code, file, limits, deadline) => settled(context, context.evalCode(code, file, { type: 'global' }), limits, deadline);

/**
 * Runs one call; `output` receives what the codec writes to its console, even when the call fails.
 * A call that fails in a kept context as a fresh one might not runs again in a fresh one, whose
 * answer stands (cached.mjs).
 */
function run(request, output) {
  const kept = contexts.run(request);
  if (kept === null) return runFresh(request, output);
  const result = kept.failed ?? interpret(kept.value, request.entry, request.limits);
  if (result.ok || !(AGAIN.includes(result.error.kind) || (result.error.kind === 'memory' && !kept.first))) return result;
  const fresh = runFresh(request, output);
  if (fresh.ok) contexts.exclude(request);
  return fresh;
}

/**
 * The failures of a kept context that a fresh one may not share: what strict mode or the frozen
 * realm refuse, an entry point that only a script's scoping finds, memory that earlier calls'
 * garbage took. A timeout, an answer too large or not JSON come from the codec alone.
 */
const AGAIN = ['exception', 'missing-function'];

/**
 * A call in a runtime and context of its own. A codec whose text never mentions `console` gets
 * none: installing it costs more than creating the context itself (measured in-process), and such
 * a codec cannot reach it.
 */
function runFresh({ script, entry, input, limits }, output) {
  const runtime = newRuntime(limits);
  const context = runtime.newContext();
  try {
    // The console is ours: setting it up is not the codec's time.
    if (script.includes('console')) installConsole(context, limits, output);
    const deadline = Date.now() + limits.timeMs;
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    const loaded = evaluate(context, script, 'codec.js', limits, deadline);
    if (loaded.failed) return loaded.failed;
    const called = evaluate(context, invocation(entry, input), 'driver.js', limits, deadline);
    return called.failed ?? interpret(called.value, entry, limits);
  } finally {
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // QuickJS may refuse to free a runtime a codec broke (e.g. after a stack overflow):
      // answer first, then the pool replaces this worker with a clean one.
      broken = true;
    }
  }
}

parentPort.on('message', (request) => {
  const output = { lines: [], truncated: false };
  let result;
  try {
    result = run(request, output);
  } catch (error) {
    result = failure('exception', String(error instanceof Error ? error.message : error).slice(0, 500));
  }
  parentPort.postMessage({ id: request.id, result: { ...result, console: output }, restart: broken });
});
// The pool starts a call's clock only once the WASM module is compiled, loaded and warm.
contexts.warm();
parentPort.postMessage({ ready: true });
