// Codecs kept loaded in the codec worker (worker.mjs), one QuickJS runtime and context each, so a
// call costs the codec's run instead of a new runtime, context and parse (bench/RESULTS.md).
//
// No call may see what an earlier one left:
// - the codec's text is the body of a strict function (drivers.mjs: factorySource) run again on
//   every call: its top-level bindings, the objects they hold and its closures are new each time;
// - the realm is locked before any codec code runs (lockdown.mjs): intrinsics frozen, built-in
//   globals read-only; a call that still added a global or left a promise job behind retires its
//   context after answering;
// - a call that fails retires its context. If it threw, found no entry point, or ran out of
//   memory after earlier calls (whose garbage may have counted), the worker runs it again in a
//   fresh context, and that answer stands; when that one succeeds, the codec relies on something
//   the kept context changes (a sloppy write, a built-in it replaces, a function declared in a
//   block) and runs fresh from then on in this worker (exclude).
// Only a valid script is kept (it cannot close the function it is put in; the function's text is
// checked too), and only one that names neither the global object nor what differs between a
// script and a strict function (REALM_WORDS): a codec that reads `this`, `arguments` or the global
// object, evaluates code, or uses `console` (whose output is per call) gets a fresh context per call.
import { shouldInterruptAfterDeadline } from 'quickjs-emscripten';
import { settled } from './results.mjs';
import { CACHED_DRIVER, factorySource } from './drivers.mjs';
import { GLOBAL_KEYS, LOCKDOWN } from './lockdown.mjs';

const REALM_WORDS = /\b(?:this|globalThis|arguments|eval|Function|console)\b/;

/** Codecs remembered per worker, least recently used out first (a loaded one holds some 300 KiB). */
const MAX_ENTRIES = 16;

const keyOf = ({ company, script }) => `${company}\u0000${script}`;

/** Keeps loaded codecs per company and codec text: a context is never shared by two companies. */
export class CodecContexts {
  constructor(newRuntime, onBroken) {
    this.newRuntime = newRuntime;
    this.onBroken = onBroken;
    // A loaded codec, or null for a codec that runs fresh.
    this.entries = new Map();
  }

  /**
   * The call's text ({ value }) or how it failed ({ failed }), and whether it was the context's
   * first call (`first`: nothing of an earlier call was in it); null when the codec runs fresh.
   * A failed call has retired its context.
   */
  run(request) {
    const { script, entry, input, limits } = request;
    const key = keyOf(request);
    let loaded = this.entries.get(key);
    if (loaded === undefined) loaded = REALM_WORDS.test(script) ? null : this.load(script, limits);
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, loaded);
    if (this.entries.size > MAX_ENTRIES) this.retire(this.entries.keys().next().value);
    if (loaded === null) return null;
    const { runtime, context } = loaded;
    const first = loaded.calls === 0;
    loaded.calls += 1;
    // Loading the codec is not its time.
    const deadline = Date.now() + limits.timeMs;
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    const args = [context.newString(entry), context.newString(JSON.stringify(input))];
    const called = settled(context, context.callFunction(loaded.driver, context.undefined, loaded.factory, ...args), limits, deadline);
    for (const handle of args) handle.dispose();
    if (called.failed || runtime.hasPendingJob() || this.globalKeys(loaded) !== loaded.keys) this.retire(key);
    return { ...called, first };
  }

  /**
   * Loads and calls a codec of our own once and drops it. A worker's first lockdown and call run
   * on cold WASM code: measured at 0.5 s on a loaded machine (5-35 ms once warm), more than the
   * pool's hard limit; the worker does this before it reports ready, when no call's clock runs.
   */
  warm() {
    const request = {
      company: '',
      script: 'function decodeUplink(input) { return { data: { n: input.bytes.length } }; }',
      entry: 'decode',
      input: { bytes: [1], fPort: 1, recvTime: 0, variables: {} },
      limits: { timeMs: 60_000, memoryBytes: -1, stackBytes: 0, outputBytes: 1024 },
    };
    this.run(request);
    this.retire(keyOf(request));
  }

  /** A codec that failed here and not in a fresh context runs fresh in this worker from now on. */
  exclude(request) {
    const key = keyOf(request);
    this.retire(key);
    this.entries.set(key, null);
    if (this.entries.size > MAX_ENTRIES) this.retire(this.entries.keys().next().value);
  }

  globalKeys({ context, globalKeys }) {
    const result = context.callFunction(globalKeys, context.undefined);
    if (result.error) {
      result.error.dispose();
      return -1;
    }
    const keys = context.getNumber(result.value);
    result.value.dispose();
    return keys;
  }

  /** The codec loaded into a locked realm, or null when it is not a valid script or strict function. */
  load(script, limits) {
    const runtime = this.newRuntime(limits);
    const context = runtime.newContext();
    const loaded = { runtime, context, calls: 0 };
    const evaluated = (code, file) => context.unwrapResult(context.evalCode(code, file, { type: 'global' }));
    try {
      const compiled = context.evalCode(script, 'codec.js', { type: 'global', compileOnly: true });
      if (compiled.error) {
        compiled.error.dispose();
        return this.dispose(loaded);
      }
      compiled.value.dispose();
      const keys = evaluated(LOCKDOWN, 'lockdown.js');
      loaded.keys = context.getNumber(keys);
      keys.dispose();
      const source = factorySource(script);
      loaded.factory = evaluated(source, 'codec.js');
      loaded.driver = evaluated(CACHED_DRIVER, 'driver.js');
      loaded.globalKeys = evaluated(GLOBAL_KEYS, 'check.js');
      // The function's text is all of the source but its parentheses, or the script ended it early.
      const measure = evaluated('(function (f) { return Function.prototype.toString.call(f).length; })', 'check.js');
      const length = context.unwrapResult(context.callFunction(measure, context.undefined, loaded.factory));
      const whole = context.getNumber(length) === source.length - 2;
      length.dispose();
      measure.dispose();
      return whole ? loaded : this.dispose(loaded);
    } catch {
      return this.dispose(loaded);
    }
  }

  retire(key) {
    const loaded = this.entries.get(key);
    this.entries.delete(key);
    if (loaded) this.dispose(loaded);
  }

  /** Frees a context and its runtime; answers null, as a load that failed does. */
  dispose({ runtime, context, factory, driver, globalKeys }) {
    try {
      for (const handle of [factory, driver, globalKeys]) handle?.dispose();
      context.dispose();
      runtime.dispose();
    } catch {
      // As in worker.mjs: a runtime QuickJS cannot free means a worker to replace.
      this.onBroken();
    }
    return null;
  }
}
