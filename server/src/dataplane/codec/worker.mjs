// Codec sandbox worker: runs payload codecs in QuickJS, a fresh context per call on a reused runtime.
// Plain JavaScript on purpose: the same file serves the compiled server and the tests
// (workers cannot load TypeScript). The pool in pool.ts owns it; message types are in types.ts.
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

// Drivers call the codec's entry point and serialise its answer inside the sandbox, one per
// entry. The markers (never valid JSON of an object) say why there is nothing to parse; a
// TypeError from JSON.stringify means a cycle or a BigInt in the result. Interrupts and
// out-of-memory are not TypeErrors, so they still surface as timeout and memory errors.
const driver = (body) => `(function (input) {
  var out, result;
  ${body}
  try {
    return JSON.stringify(result);
  } catch (error) {
    if (error instanceof TypeError) return '__unserialisable__';
    throw error;
  }
})`;

const DRIVERS = {
  decode: driver(`input.recvTime = new Date(input.recvTime);
  if (typeof decodeUplink === 'function') {
    out = decodeUplink(input);
    if (out === null || typeof out !== 'object') return '__not_object__';
    result = { data: out.data, warnings: out.warnings || [], errors: out.errors || [] };
  } else if (typeof Decode === 'function') {
    result = { data: Decode(input.fPort, input.bytes, input.variables), warnings: [], errors: [] };
  } else {
    return '__missing__';
  }`),
  // The answer's data is the codec's { bytes, fPort }; the pool checks them (encode.ts). A typed
  // array would serialise as an object, so its values are handed over as a plain list.
  encode: driver(`if (typeof encodeDownlink === 'function') {
    out = encodeDownlink({ data: input.data, variables: input.variables });
    if (out === null || typeof out !== 'object') return '__not_object__';
  } else if (typeof Encode === 'function') {
    out = { bytes: Encode(input.fPort, input.data, input.variables) };
  } else {
    return '__missing__';
  }
  var bytes = ArrayBuffer.isView(out.bytes) ? Array.prototype.slice.call(out.bytes) : out.bytes;
  result = {
    data: { bytes: bytes === undefined ? null : bytes, fPort: out.fPort === undefined ? null : out.fPort },
    warnings: out.warnings || [],
    errors: out.errors || []
  };`),
};

const MISSING = {
  decode: 'The codec defines neither decodeUplink(input) nor Decode(fPort, bytes, variables).',
  encode: 'The codec defines neither encodeDownlink(input) nor Encode(fPort, obj, variables).',
};
const NOT_OBJECT = {
  decode: 'decodeUplink must return an object { data, warnings, errors }.',
  encode: 'encodeDownlink must return an object { bytes, fPort, warnings, errors }.',
};

/**
 * The driver's call. An uplink's input is ours and goes in as a literal; a downlink's data is
 * the user's JSON, parsed inside the sandbox so that keys like "__proto__" stay plain keys.
 */
function invocation(entry, input) {
  if (entry === 'encode') return `${DRIVERS.encode}(JSON.parse(${JSON.stringify(JSON.stringify(input))}))`;
  return `${DRIVERS.decode}(${JSON.stringify(input)})`;
}

const quickjs = await getQuickJS();
// Set when QuickJS could not free a runtime: this worker's memory is no longer trustworthy.
let broken = false;
// One runtime serves many calls (creating one costs more than the call itself); every call still
// gets a fresh context, so no state passes between messages. After any failure the runtime is
// thrown away, since a codec that hit a limit may have left it in a poor state.
let shared;

function acquireRuntime(limits) {
  if (!shared) {
    shared = quickjs.newRuntime();
    shared.setMemoryLimit(limits.memoryBytes);
    shared.setMaxStackSize(limits.stackBytes);
  }
  return shared;
}

function releaseRuntime(runtime, failed) {
  if (!failed) return;
  shared = undefined;
  runtime.dispose();
}

function failure(kind, message) {
  return { ok: false, error: { kind, message } };
}

function describe(context, handle, limits, deadline) {
  const raw = context.dump(handle);
  const error = raw && typeof raw === 'object' ? raw : { message: raw };
  const message = String(error.message ?? raw);
  if ((error.name === 'InternalError' && message === 'interrupted') || Date.now() >= deadline) {
    return failure('timeout', `The codec ran longer than ${limits.timeMs} ms.`);
  }
  if (/out of memory|stack overflow|call stack|string too long|invalid string length|invalid array length/i.test(message)) {
    return failure('memory', 'The codec exceeded its memory limit.');
  }
  return failure('exception', `${typeof error.name === 'string' ? `${error.name}: ` : ''}${message}`.slice(0, 500));
}

function evaluate(context, code, file, limits, deadline) {
  const result = context.evalCode(code, file, { type: 'global' });
  if (result.error) {
    const described = describe(context, result.error, limits, deadline);
    result.error.dispose();
    return { failed: described };
  }
  const value = context.dump(result.value);
  result.value.dispose();
  return { value };
}

function interpret(text, entry) {
  if (text === '__missing__') return failure('missing-function', MISSING[entry]);
  if (text === '__not_object__') return failure('invalid-result', NOT_OBJECT[entry]);
  if (text === '__unserialisable__') return failure('invalid-result', 'The codec result cannot be stored as JSON (a cycle or a BigInt).');
  if (typeof text !== 'string') return failure('invalid-result', 'The codec returned nothing that can be stored.');
  let parsed;
  try {
    // A codec may replace JSON.stringify itself: its output is only trusted once it parses.
    parsed = JSON.parse(text);
  } catch {
    return failure('invalid-result', 'The codec result is not valid JSON.');
  }
  const list = (value) => (Array.isArray(value) ? value.map(String).slice(0, 50) : []);
  const errors = list(parsed.errors);
  if (parsed.data === undefined && errors.length === 0) return failure('invalid-result', 'The codec returned no data.');
  return { ok: true, data: parsed.data ?? null, warnings: list(parsed.warnings), errors };
}

function run({ script, entry, input, limits }) {
  const runtime = acquireRuntime(limits);
  const deadline = Date.now() + limits.timeMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const context = runtime.newContext();
  let result;
  try {
    const loaded = evaluate(context, script, 'codec.js', limits, deadline);
    result =
      loaded.failed ??
      (() => {
        const called = evaluate(context, invocation(entry, input), 'driver.js', limits, deadline);
        return called.failed ?? interpret(called.value, entry);
      })();
    return result;
  } finally {
    try {
      context.dispose();
      releaseRuntime(runtime, !result || result.ok === false);
    } catch {
      // QuickJS may refuse to free a runtime a codec broke (e.g. after a stack overflow):
      // answer first, then the pool replaces this worker with a clean one.
      shared = undefined;
      broken = true;
    }
  }
}

parentPort.on('message', (request) => {
  let result;
  try {
    result = run(request);
  } catch (error) {
    result = failure('exception', String(error instanceof Error ? error.message : error).slice(0, 500));
  }
  parentPort.postMessage({ id: request.id, result, restart: broken });
});
// The pool starts a call's clock only once the WASM module is compiled and loaded.
parentPort.postMessage({ ready: true });
