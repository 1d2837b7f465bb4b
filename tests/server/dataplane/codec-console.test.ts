import { afterAll, describe, expect, it } from 'vitest';
import { CODEC_CONSOLE_MAX_CHARS, CODEC_CONSOLE_MAX_LINES, CodecPool, type UplinkInput } from '../../../server/src/dataplane/codec/index.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

const input = (bytes: number[] = [1], recvTime = new Date('2026-11-22T12:00:00Z')): UplinkInput => ({ bytes, fPort: 1, recvTime, variables: {} });
const pool = new CodecPool(undefined, TEST_CODEC_TIME_LIMITS);
afterAll(() => pool.close());
const run = (script: string, uplink: UplinkInput) => pool.run(script, uplink, { company: 'c1', interactive: false });

describe('codec console', () => {
  it('captures every level, formatting strings as they are, objects as JSON and the rest as String() gives it', async () => {
    const script = `
      console.info('loading');
      function decodeUplink(input) {
        var cycle = {}; cycle.self = cycle;
        console.log('bytes', input.bytes, { port: input.fPort }, 7, true, null, undefined);
        console.warn(new RangeError('too short'), cycle, BigInt(3));
        console.error(['a', ['b']]);
        console.debug();
        return { data: { ok: 1 } };
      }`;
    expect(await run(script, input([1, 2]))).toEqual({
      ok: true,
      data: { ok: 1 },
      warnings: [],
      errors: [],
      console: {
        lines: [
          { level: 'info', text: 'loading' },
          { level: 'log', text: 'bytes [1,2] {"port":1} 7 true null undefined' },
          { level: 'warn', text: 'RangeError: too short [object Object] 3' },
          { level: 'error', text: '["a",["b"]]' },
          { level: 'debug', text: '' },
        ],
        truncated: false,
      },
    });
  });

  it('keeps what was logged before the codec failed', async () => {
    const thrown = await run('function decodeUplink() { console.log("step 1"); throw new Error("bad frame"); }', input());
    expect(thrown).toMatchObject({ ok: false, error: { kind: 'exception' }, console: { lines: [{ level: 'log', text: 'step 1' }] } });
    const endless = await run('function decodeUplink() { console.log("before the loop"); while (true) {} }', input());
    expect(endless).toMatchObject({ ok: false, error: { kind: 'timeout' }, console: { lines: [{ level: 'log', text: 'before the loop' }] } });
  });

  it(`keeps at most ${CODEC_CONSOLE_MAX_LINES} lines and marks the rest as truncated`, async () => {
    const result = await run('function decodeUplink() { for (var i = 0; i < 1000; i++) console.log("line " + i); return { data: {} }; }', input());
    expect(result.ok).toBe(true);
    expect(result.console.lines).toHaveLength(CODEC_CONSOLE_MAX_LINES);
    expect(result.console.lines.at(-1)).toEqual({ level: 'log', text: `line ${CODEC_CONSOLE_MAX_LINES - 1}` });
    expect(result.console.truncated).toBe(true);
  });

  it(`keeps at most ${CODEC_CONSOLE_MAX_CHARS} characters in all, cutting the line that crosses the limit`, async () => {
    const result = await run(
      `function decodeUplink() { console.log("ab"); console.log(new Array(${CODEC_CONSOLE_MAX_CHARS}).join("x") + "yz"); console.log("gone"); return { data: {} }; }`,
      input(),
    );
    expect(result.console.lines.map((line) => line.text.length)).toEqual([2, CODEC_CONSOLE_MAX_CHARS - 2]);
    expect(result.console.truncated).toBe(true);
  });

  it('marks nothing as truncated when the output fits exactly', async () => {
    const result = await run(`function decodeUplink() { for (var i = 0; i < ${CODEC_CONSOLE_MAX_LINES}; i++) console.log(i); return { data: {} }; }`, input());
    expect(result.console).toMatchObject({ truncated: false });
    expect(result.console.lines).toHaveLength(CODEC_CONSOLE_MAX_LINES);
  });

  it('lets a codec bring its own console, and gives none to one that never mentions it', async () => {
    const own = await run('var console = { log: function () {} }; function decodeUplink() { console.log("mine"); return { data: {} }; }', input());
    expect(own).toMatchObject({ ok: true, console: { lines: [] } });
    const none = await run('function decodeUplink() { return { data: { has: typeof globalThis["con" + "sole"] } }; }', input());
    expect(none).toMatchObject({ ok: true, data: { has: 'undefined' } });
  });
});

describe('codec results (TS013)', () => {
  it.each([
    ['{}', 'return {};'],
    ['{ data: {} }', 'return { data: {} };'],
    ['a legacy Decode returning nothing', null],
  ])('takes %s as an empty decode, not an error', async (_name, body) => {
    const script = body === null ? 'function Decode() {}' : `function decodeUplink() { ${body} }`;
    expect(await run(script, input())).toEqual({ ok: true, data: {}, warnings: [], errors: [], console: { lines: [], truncated: false } });
  });

  it('keeps each error and warning as one string: strings as they are, everything else as JSON text, nested lists not flattened', async () => {
    const script = `function decodeUplink() {
      return {
        errors: ['plain', ['nested', ['deeper']], { code: 7 }, 42, null, new TypeError('bad byte'), [new Error('inner')]],
        warnings: 'a single warning'
      };
    }`;
    expect(await run(script, input())).toMatchObject({
      ok: true,
      errors: ['plain', '["nested",["deeper"]]', '{"code":7}', '42', 'null', 'TypeError: bad byte', '["Error: inner"]'],
      warnings: ['a single warning'],
    });
  });

  it('reads falsy errors and warnings as none', async () => {
    const script = 'function decodeUplink() { return { data: { v: 1 }, errors: false, warnings: "" }; }';
    expect(await run(script, input())).toMatchObject({ ok: true, data: { v: 1 }, errors: [], warnings: [] });
  });

  it('passes the given recvTime to the codec as a Date', async () => {
    const script = 'function decodeUplink(input) { return { data: { at: input.recvTime.toISOString() } }; }';
    expect(await run(script, input([1], new Date('2020-02-29T23:59:58.125Z')))).toMatchObject({ ok: true, data: { at: '2020-02-29T23:59:58.125Z' } });
  });
});
