// How the codec sandbox (worker.mjs, cached.mjs) turns what a call left into the pool's answer.
import { Buffer } from 'node:buffer';

const MISSING = {
  decode: 'The codec defines neither decodeUplink(input) nor Decode(fPort, bytes, variables).',
  encode: 'The codec defines neither encodeDownlink(input) nor Encode(fPort, obj, variables).',
};
const NOT_OBJECT = {
  decode: 'decodeUplink must return an object { data, warnings, errors }.',
  encode: 'encodeDownlink must return an object { bytes, fPort, warnings, errors }.',
};

export function failure(kind, message) {
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

export function describe(context, handle, limits, deadline) {
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

/** The value of an evaluation or a call, or the failure it ended in. */
export function settled(context, result, limits, deadline) {
  if (result.error) {
    const described = describe(context, result.error, limits, deadline);
    result.error.dispose();
    return { failed: described };
  }
  const value = context.dump(result.value);
  result.value.dispose();
  return { value };
}

export function interpret(text, entry, limits) {
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
