import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool, type UplinkInput } from '../../../server/src/dataplane/codec/index.js';
import { parsePayload } from '../../../server/src/dataplane/codec/payload.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

const input = (bytes: number[], fPort = 1): UplinkInput => ({ bytes, fPort, recvTime: new Date('2026-11-22T12:00:00Z'), variables: { unit: 'C' } });
// One pool for the whole file, as the server keeps one: calls share its workers.
const pool = new CodecPool(undefined, TEST_CODEC_TIME_LIMITS);
afterAll(() => pool.close());
const runUplinkCodec = (script: string, uplink: UplinkInput) => pool.run(script, uplink, { company: 'c1', interactive: false });
const good = 'function decodeUplink(input) { return { data: { first: input.bytes[0], port: input.fPort } }; }';
const quiet = { lines: [], truncated: false };

describe('codec sandbox', () => {
  it('runs a TS013 decodeUplink and returns data, warnings and errors', async () => {
    const script = `function decodeUplink(input) {
      return { data: { temperature: ((input.bytes[0] << 8) | input.bytes[1]) / 100 }, warnings: ['low resolution'], errors: [] };
    }`;
    expect(await runUplinkCodec(script, input([0x08, 0x5c]))).toEqual({
      ok: true,
      data: { temperature: 21.4 },
      warnings: ['low resolution'],
      errors: [],
      console: quiet,
    });
  });

  it('runs the older ChirpStack Decode(fPort, bytes, variables) form', async () => {
    const script = 'function Decode(fPort, bytes, variables) { return { port: fPort, n: bytes.length, unit: variables.unit }; }';
    expect(await runUplinkCodec(script, input([1, 2, 3], 5))).toEqual({
      ok: true,
      data: { port: 5, n: 3, unit: 'C' },
      warnings: [],
      errors: [],
      console: quiet,
    });
  });

  it('passes bytes as a real Array and recvTime as a Date', async () => {
    const script = `function decodeUplink(input) {
      return { data: {
        isArray: Array.isArray(input.bytes),
        doubled: input.bytes.map(function (b) { return b * 2; }),
        tail: input.bytes.slice(1),
        allSmall: input.bytes.every(function (b) { return b < 10; }),
        year: input.recvTime.getUTCFullYear(),
        isDate: input.recvTime instanceof Date
      } };
    }`;
    expect(await runUplinkCodec(script, input([1, 2, 3]))).toMatchObject({
      ok: true,
      data: { isArray: true, doubled: [2, 4, 6], tail: [2, 3], allSmall: true, year: 2026, isDate: true },
    });
  });

  it('accepts ES2015+ syntax and ignores normalizeUplink and downlink functions beside it', async () => {
    const script = `
      const scale = (v) => v / 10;
      function decodeUplink({ bytes, fPort }) {
        const [a, b = 0] = bytes;
        return { data: { value: scale(a), label: \`port \${fPort}\`, b } };
      }
      function normalizeUplink(input) { return { data: { air: { temperature: input.data.value } } }; }
      function encodeDownlink(input) { return { bytes: [1], fPort: 1 }; }
      function decodeDownlink(input) { return { data: {} }; }`;
    expect(await runUplinkCodec(script, input([250], 7))).toEqual({
      ok: true,
      data: { value: 25, label: 'port 7', b: 0 },
      warnings: [],
      errors: [],
      console: quiet,
    });
  });

  it('runs as a non-strict script, as old vendor codecs need', async () => {
    const script = 'function decodeUplink(input) { undeclared = 5; with ({ x: 1 }) { return { data: { v: undeclared + x } }; } }';
    expect(await runUplinkCodec(script, input([]))).toMatchObject({ ok: true, data: { v: 6 } });
  });

  it('keeps no state between calls', async () => {
    const script = 'var count = (typeof count === "number" ? count : 0) + 1; function decodeUplink() { return { data: { count: count } }; }';
    expect(await runUplinkCodec(script, input([]))).toMatchObject({ data: { count: 1 } });
    expect(await runUplinkCodec(script, input([]))).toMatchObject({ data: { count: 1 } });
  });

  it.each([
    { name: 'an endless loop', kind: 'timeout', script: 'function decodeUplink() { while (true) {} }' },
    { name: 'an endless loop at load time', kind: 'timeout', script: 'for (;;) {}' },
    { name: 'a string bomb', kind: 'memory', script: 'function decodeUplink() { var s = "x"; for (;;) { s = s + s; } }' },
    { name: 'deep recursion', kind: 'memory', script: 'function f(n) { return f(n + 1) + 1; } function decodeUplink() { return { data: f(0) }; }' },
    { name: 'require', kind: 'exception', script: 'function decodeUplink() { var fs = require("fs"); return { data: fs.readFileSync("/etc/passwd") }; }' },
    { name: 'process', kind: 'exception', script: 'function decodeUplink() { process.exit(1); }' },
    { name: 'fetch', kind: 'exception', script: 'function decodeUplink() { return { data: globalThis.fetch("http://example.com") }; }' },
    { name: 'the QuickJS std module', kind: 'exception', script: 'function decodeUplink() { return { data: std.loadFile("/etc/passwd") }; }' },
    { name: 'a thrown error', kind: 'exception', script: 'function decodeUplink() { throw new Error("bad payload"); }' },
    { name: 'a syntax error', kind: 'exception', script: 'function decodeUplink( {' },
    { name: 'no entry point', kind: 'missing-function', script: 'var x = 1;' },
    { name: 'an entry point that is no function', kind: 'missing-function', script: 'var decodeUplink = 42;' },
    { name: 'a non-object result', kind: 'invalid-result', script: 'function decodeUplink() { return 42; }' },
    { name: 'a cyclic result', kind: 'invalid-result', script: 'function decodeUplink() { var d = {}; d.self = d; return { data: d }; }' },
    { name: 'a BigInt result', kind: 'invalid-result', script: 'function decodeUplink() { return { data: { n: BigInt(1) } }; }' },
    {
      name: 'a forged JSON',
      kind: 'invalid-result',
      script: 'JSON.stringify = function () { return "{not json"; }; function decodeUplink() { return { data: 1 }; }',
    },
  ])('contains $name as a $kind error, and the next call works', async ({ script, kind }) => {
    const result = await runUplinkCodec(script, input([1]));
    expect(result).toMatchObject({ ok: false, error: { kind } });
    expect(await runUplinkCodec(good, input([9], 3))).toEqual({ ok: true, data: { first: 9, port: 3 }, warnings: [], errors: [], console: quiet });
  });

  it('gives no host objects to a codec', async () => {
    const script = `function decodeUplink() {
      return { data: ['require', 'process', 'fetch', 'std', 'os', 'XMLHttpRequest', 'setTimeout'].filter(function (name) { return typeof globalThis[name] !== 'undefined'; }) };
    }`;
    expect(await runUplinkCodec(script, input([]))).toMatchObject({ ok: true, data: [] });
  });

  it('keeps a codec that tampers with built-ins from affecting the next call', async () => {
    const tamper =
      'Array.prototype.map = function () { return "hacked"; }; Object.prototype.polluted = 1; function decodeUplink() { return { data: [1].map(String) }; }';
    expect(await runUplinkCodec(tamper, input([]))).toMatchObject({ ok: true, data: 'hacked' });
    const check =
      'function decodeUplink(input) { return { data: { mapped: input.bytes.map(function (b) { return b + 1; }), polluted: typeof ({}).polluted } }; }';
    expect(await runUplinkCodec(check, input([1, 2]))).toMatchObject({ ok: true, data: { mapped: [2, 3], polluted: 'undefined' } });
  });

  it('stops a memory bomb by the memory limit or, when allocation itself is slow, by the hard time limit', async () => {
    const result = await runUplinkCodec('function decodeUplink() { var a = []; for (;;) { a.push(new ArrayBuffer(4000000)); } }', input([1]));
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.error.kind).toMatch(/^(memory|timeout)$/);
    expect(await runUplinkCodec(good, input([9], 3))).toMatchObject({ ok: true, data: { first: 9 } });
  });

  it("ends a call that QuickJS's deadline check does not by the pool's hard limit", async () => {
    // The deadline lies beyond the hard limit, so only the pool's own timer can end the loop (as it
    // ends a slow native call, which never reaches the deadline check).
    const hardLimited = new CodecPool(1, { timeMs: 60_000, hardLimitMs: 300 });
    try {
      const result = await hardLimited.run('function decodeUplink() { while (true) {} }', input([1]), { company: 'c1', interactive: false });
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    } finally {
      await hardLimited.close();
    }
  });

  it('answers calls queued behind a runaway codec from another worker', async () => {
    const calls = [
      runUplinkCodec('function decodeUplink() { var a = []; for (;;) { a.push(new Array(100000).fill(1)); } }', input([1])),
      ...Array.from({ length: 12 }, (_, i) => runUplinkCodec(good, input([i], 1))),
    ];
    const [runaway, ...rest] = await Promise.all(calls);
    expect(runaway).toMatchObject({ ok: false, error: { kind: expect.stringMatching(/^(memory|timeout)$/) } });
    expect(rest.map((r) => (r.ok ? (r.data as { first: number }).first : -1))).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('reports codec errors without data as a successful call carrying the errors', async () => {
    const script = 'function decodeUplink() { return { errors: ["unknown frame type"] }; }';
    expect(await runUplinkCodec(script, input([1]))).toEqual({ ok: true, data: null, warnings: [], errors: ['unknown frame type'], console: quiet });
  });
});

describe('parsePayload', () => {
  it.each([
    ['01 02 ff', undefined, [1, 2, 255]],
    ['0x0102FF', undefined, [1, 2, 255]],
    ['01:02:ff', 'hex', [1, 2, 255]],
    ['AQL/', undefined, [1, 2, 255]],
    ['AQL/', 'base64', [1, 2, 255]],
    ['', undefined, []],
  ] as const)('%s (%s) → %j', (text, encoding, bytes) => {
    expect(parsePayload(text, encoding)).toEqual(bytes);
  });

  it.each([['zz'], ['012'], ['!!!']])('refuses %s', (text) => {
    expect(parsePayload(text)).toBeUndefined();
  });

  it('refuses base64 when hex was asked for', () => {
    expect(parsePayload('AQL/', 'hex')).toBeUndefined();
  });
});
