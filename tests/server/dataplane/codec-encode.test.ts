import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool, type DownlinkInput } from '../../../server/src/dataplane/codec/index.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

const input = (data: unknown, fPort: number | null = null): DownlinkInput => ({ data, variables: { unit: 'C' }, fPort });
// One pool for the whole file, as the server keeps one.
const pool = new CodecPool(undefined, TEST_CODEC_TIME_LIMITS);
afterAll(() => pool.close());
const encode = (script: string, downlink: DownlinkInput) => pool.encode(script, downlink, { company: 'c1', interactive: true });

const setpoint = `function encodeDownlink(input) {
  var t = Math.round(input.data.setpoint * 10);
  return { bytes: [0x01, (t >> 8) & 0xff, t & 0xff], fPort: 10, warnings: input.data.setpoint > 30 ? ['hot'] : [] };
}`;

describe('codec sandbox: encodeDownlink', () => {
  it('runs a TS013 encodeDownlink with data and variables and returns bytes, fPort and warnings', async () => {
    expect(await encode(setpoint, input({ setpoint: 21.5 }))).toEqual({ ok: true, bytes: [1, 0, 215], fPort: 10, warnings: [] });
    expect(await encode(setpoint, input({ setpoint: 31 }))).toEqual({ ok: true, bytes: [1, 1, 54], fPort: 10, warnings: ['hot'] });
    const echo = 'function encodeDownlink(input) { return { bytes: [input.variables.unit.charCodeAt(0), Object.keys(input).length] }; }';
    expect(await encode(echo, input({}))).toEqual({ ok: true, bytes: [67, 2], fPort: null, warnings: [] });
  });

  it('runs the older ChirpStack Encode(fPort, obj, variables) form with the port asked for', async () => {
    const script = 'function Encode(fPort, obj, variables) { return [fPort, obj.on ? 1 : 0, variables.unit.length]; }';
    expect(await encode(script, input({ on: true }, 5))).toEqual({ ok: true, bytes: [5, 1, 1], fPort: null, warnings: [] });
  });

  it('takes typed arrays as bytes and keeps "__proto__" in the data a plain key', async () => {
    const typed = 'function encodeDownlink() { return { bytes: new Uint8Array([1, 2, 255]) }; }';
    expect(await encode(typed, input({}))).toMatchObject({ ok: true, bytes: [1, 2, 255] });
    const keys = 'function encodeDownlink(input) { return { bytes: [Object.keys(input.data).length, input.data.__proto__.x] }; }';
    expect(await encode(keys, input(JSON.parse('{"__proto__": {"x": 7}}')))).toMatchObject({ ok: true, bytes: [1, 7] });
  });

  it('ignores decodeUplink beside it, and runs encodeDownlink as a non-strict script', async () => {
    const script = `function decodeUplink() { throw new Error('not called'); }
      function encodeDownlink(input) { level = input.data.level; return { bytes: [level] }; }`;
    expect(await encode(script, input({ level: 3 }))).toMatchObject({ ok: true, bytes: [3] });
  });

  it("fails with the codec's own errors when it reports them (TS013: the encoding failed)", async () => {
    const script = 'function encodeDownlink(input) { return { bytes: [], errors: ["setpoint out of range", "unit unknown"], warnings: ["x"] }; }';
    expect(await encode(script, input({ setpoint: 99 }))).toEqual({
      ok: false,
      error: { kind: 'reported', message: 'setpoint out of range; unit unknown' },
      errors: ['setpoint out of range', 'unit unknown'],
    });
  });

  it.each([
    { name: 'a thrown error', kind: 'exception', script: 'function encodeDownlink() { throw new Error("bad setpoint"); }', message: 'Error: bad setpoint' },
    {
      name: 'an endless loop',
      kind: 'timeout',
      script: 'function encodeDownlink() { while (true) {} }',
      message: `The codec ran longer than ${TEST_CODEC_TIME_LIMITS.timeMs} ms.`,
    },
    {
      name: 'a string bomb',
      kind: 'memory',
      script: 'function encodeDownlink() { var s = "x"; for (;;) { s = s + s; } }',
      message: 'The codec exceeded its memory limit.',
    },
    {
      name: 'a decoder only',
      kind: 'missing-function',
      script: 'function decodeUplink() { return { data: 1 }; }',
      message: 'The codec defines neither encodeDownlink(input) nor Encode(fPort, obj, variables).',
    },
    {
      name: 'an array result',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return [1]; }',
      message: expect.stringContaining('bytes as an array'),
    },
    {
      name: 'a number result',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return 1; }',
      message: expect.stringContaining('must return an object'),
    },
    {
      name: 'no bytes',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { fPort: 1 }; }',
      message: expect.stringContaining('bytes as an array'),
    },
    {
      name: 'bytes as a string',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: "0102" }; }',
      message: expect.stringContaining('bytes'),
    },
    {
      name: 'a byte above 255',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [1, 256] }; }',
      message: expect.stringContaining('0 to 255'),
    },
    {
      name: 'a negative byte',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [-1] }; }',
      message: expect.stringContaining('0 to 255'),
    },
    {
      name: 'a fractional byte',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [1.5] }; }',
      message: expect.stringContaining('0 to 255'),
    },
    {
      name: '243 bytes',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: new Array(243).fill(0) }; }',
      message: 'The encoded downlink has 243 bytes; at most 242 fit.',
    },
    {
      name: 'fPort 0',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [1], fPort: 0 }; }',
      message: expect.stringContaining('1 to 223'),
    },
    {
      name: 'fPort 224',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [1], fPort: 224 }; }',
      message: expect.stringContaining('fPort 224'),
    },
    {
      name: 'fPort as text',
      kind: 'invalid-result',
      script: 'function encodeDownlink() { return { bytes: [1], fPort: "2" }; }',
      message: expect.stringContaining('fPort "2"'),
    },
  ])('contains $name as a $kind error with a message, and the next call works', async ({ script, kind, message }) => {
    expect(await encode(script, input({ setpoint: 1 }))).toEqual({ ok: false, error: { kind, message }, errors: [] });
    expect(await encode(setpoint, input({ setpoint: 1 }))).toMatchObject({ ok: true, bytes: [1, 0, 10] });
  });

  it('accepts exactly 242 bytes and an empty payload', async () => {
    expect(await encode('function encodeDownlink() { return { bytes: new Array(242).fill(255), fPort: 223 }; }', input({}))).toMatchObject({
      ok: true,
      fPort: 223,
      bytes: expect.arrayContaining([255]),
    });
    expect(await encode('function encodeDownlink() { return { bytes: [] }; }', input({}))).toEqual({ ok: true, bytes: [], fPort: null, warnings: [] });
  });

  it('shares the pool with uplink decoding', async () => {
    const both = `function decodeUplink(input) { return { data: { first: input.bytes[0] } }; }
      function encodeDownlink(input) { return { bytes: [input.data.first] }; }`;
    const [decoded, encoded] = await Promise.all([
      pool.run(both, { bytes: [9], fPort: 1, recvTime: new Date(), variables: {} }, { company: 'c2', interactive: false }),
      encode(both, input({ first: 4 })),
    ]);
    expect(decoded).toMatchObject({ ok: true, data: { first: 9 } });
    expect(encoded).toMatchObject({ ok: true, bytes: [4] });
  });
});
