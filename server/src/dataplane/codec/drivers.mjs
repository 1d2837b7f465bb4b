// The drivers of the codec sandbox (worker.mjs, cached.mjs): our code that calls the codec's entry
// point and serialises its answer inside the sandbox, one per entry. The markers (never valid JSON
// of an object) say why there is nothing to parse; a TypeError from JSON.stringify means a cycle or
// a BigInt in the result. Interrupts and out-of-memory are not TypeErrors, so they still surface as
// timeout and memory errors. An Error in a codec's errors or warnings serialises as {}; it goes
// over as its "Name: message". The helper that converts them is compiled only for a codec that
// answers warnings or errors: compiling it on every call cost 6-10 µs per call (bench/RESULTS.md).
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

export const DRIVERS = {
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

/**
 * The driver's call after the codec was evaluated as a script. An uplink's input is ours and goes
 * in as a literal; a downlink's data is the user's JSON, parsed inside the sandbox so that keys
 * like "__proto__" stay plain keys.
 */
export function invocation(entry, input) {
  if (entry === 'encode') return `${DRIVERS.encode}(JSON.parse(${JSON.stringify(JSON.stringify(input))}))`;
  return `${DRIVERS.decode}(${JSON.stringify(input)})`;
}

/**
 * A codec kept loaded (cached.mjs) is the body of a function that the call runs again each time,
 * so its top-level bindings start over on every call. The function is strict, so that what a
 * sloppy script would get wrong silently in the locked realm (a write to a frozen built-in, an
 * undeclared name) throws instead, and the call then runs in a fresh context. Its entry points
 * reach the driver as the driver's own variables, which is where the driver above looks them up.
 */
export const factorySource = (script) => `(function () {'use strict';
${script}
;return [typeof decodeUplink === 'function' ? decodeUplink : undefined, typeof Decode === 'function' ? Decode : undefined,
  typeof encodeDownlink === 'function' ? encodeDownlink : undefined, typeof Encode === 'function' ? Encode : undefined];
})`;

export const CACHED_DRIVER = `(function (factory, entry, text) {
  var input = JSON.parse(text);
  var codec = factory.call(globalThis);
  var decodeUplink = codec[0], Decode = codec[1], encodeDownlink = codec[2], Encode = codec[3];
  return entry === 'encode' ? ${DRIVERS.encode}(input) : ${DRIVERS.decode}(input);
})`;
