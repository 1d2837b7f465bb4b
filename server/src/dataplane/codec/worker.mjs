// Codec sandbox worker: runs payload codecs in QuickJS, a fresh runtime and context per call.
// Plain JavaScript on purpose: the same file serves the compiled server and the tests
// (workers cannot load TypeScript). The pool in pool.ts owns it; message types are in types.ts.
import { Buffer } from 'node:buffer';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';
import { installConsole } from './console.mjs';

// Drivers call the codec's entry point and serialise its answer inside the sandbox, one per
// entry. The markers (never valid JSON of an object) say why there is nothing to parse; a
// TypeError from JSON.stringify means a cycle or a BigInt in the result. Interrupts and
// out-of-memory are not TypeErrors, so they still surface as timeout and memory errors.
// An Error in a codec's errors or warnings serialises as {}; it goes over as its "Name: message".
// The helper that converts them is compiled only for a codec that answers warnings or errors:
// compiling it on every call cost 6-10 µs per call (measured in-process, bench/RESULTS.md).
const PLAIN = JSON.stringify('(function plain(value) { return value instanceof Error ? String(value) : Array.isArray(value) ? value.map(plain) : value; })');
const messages = (name) => `(out.${name} && out.${name}.length !== 0 ? (0, eval)(${PLAIN})(out.${name}) : [])`;
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
    result = { data: out.data, warnings: ${messages('warnings')}, errors: ${messages('errors')} };
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
    warnings: ${messages('warnings')},
    errors: ${messages('errors')}
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

// Every call gets a runtime of its own: nothing one call leaves behind (garbage kept alive by a
// cycle, atoms, a half-collected heap) counts against the next call's memory limit or is seen
// by it. Measured in-process: a runtime costs little beside the context itself (bench/RESULTS.md).
function newRuntime(limits) {
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  return runtime;
}

function failure(kind, message) {
  return { ok: false, error: { kind, message } };
}

const MAX_MESSAGES = 50;
const MAX_MESSAGE_CHARS = 1000;

/**
 * TS013's errors and warnings as a list of strings, each item of the codec's list one string: a
 * string as it is, anything else (a number, an object, a nested list) as its JSON text. So
 * ['a', ['b', 'c']] stays two messages, 'a' and '["b","c"]', where String() would have made the
 * second 'b,c'. A single value where a list belongs is one message.
 */
function texts(value) {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.slice(0, MAX_MESSAGES).map((item) => (typeof item === 'string' ? item : JSON.stringify(item)).slice(0, MAX_MESSAGE_CHARS));
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

function interpret(text, entry, limits) {
  if (text === '__missing__') return failure('missing-function', MISSING[entry]);
  if (text === '__not_object__') return failure('invalid-result', NOT_OBJECT[entry]);
  if (text === '__unserialisable__') return failure('invalid-result', 'The codec result cannot be stored as JSON (a cycle or a BigInt).');
  if (typeof text !== 'string') return failure('invalid-result', 'The codec returned nothing that can be stored.');
  // Characters count at least one byte each: only a text near the limit needs counting.
  if (text.length > limits.outputBytes || (text.length * 3 > limits.outputBytes && Buffer.byteLength(text) > limits.outputBytes)) {
    return failure('output-too-large', `The codec result is larger than ${limits.outputBytes / 1024} KiB as JSON.`);
  }
  let parsed;
  try {
    // A codec may replace JSON.stringify itself: its output is only trusted once it parses.
    parsed = JSON.parse(text);
  } catch {
    return failure('invalid-result', 'The codec result is not valid JSON.');
  }
  const errors = texts(parsed.errors);
  // TS013 makes data optional: without errors, {} is a decode that found nothing (as is a legacy
  // Decode returning nothing); with errors, the decoding failed and there is no data.
  const data = parsed.data === undefined ? (errors.length > 0 ? null : {}) : parsed.data;
  return { ok: true, data, warnings: texts(parsed.warnings), errors };
}

/**
 * Runs one call; `output` receives what the codec writes to its console, even when the call fails.
 * A codec whose text never mentions `console` gets none: installing it costs more than creating
 * the context itself (measured in-process), and such a codec cannot reach it.
 */
function run({ script, entry, input, limits }, output) {
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
// The pool starts a call's clock only once the WASM module is compiled and loaded.
parentPort.postMessage({ ready: true });
