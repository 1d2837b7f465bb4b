import { afterAll, describe, expect, it } from 'vitest';
import { CODEC_OUTPUT_MAX_BYTES, CodecPool, type UplinkInput } from '../../../server/src/dataplane/codec/index.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

const uplink: UplinkInput = { bytes: [1], fPort: 1, recvTime: new Date('2026-11-22T12:00:00Z'), variables: {} };
// The caps on output and memory are under test here, not the time limit: building 64 KiB of text took
// over 100 ms while two CPU burners and the loaded suite shared the cores (a loaded run, #20).
const pool = new CodecPool(1, TEST_CODEC_TIME_LIMITS);
afterAll(() => pool.close());
const run = (script: string) => pool.run(script, uplink, { company: 'limits', interactive: false });

// Issue #16: a codec could return 5 MB per uplink, stored with every uplink.
describe('codec output cap', () => {
  it('answers a result larger than 64 KiB of JSON with output-too-large and none of it', async () => {
    const result = await run(`function decodeUplink() { return { data: { text: 'x'.repeat(${CODEC_OUTPUT_MAX_BYTES}) } }; }`);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'output-too-large', message: 'The codec result is larger than 64 KiB as JSON.' },
      console: { lines: [], truncated: false },
    });
  });

  it('counts bytes, not characters', async () => {
    const result = await run(`function decodeUplink() { return { data: { text: '\\u00e9'.repeat(${CODEC_OUTPUT_MAX_BYTES / 2}) } }; }`);
    expect(result).toMatchObject({ ok: false, error: { kind: 'output-too-large' } });
  });

  it('keeps a result just below the cap', async () => {
    const result = await run(`function decodeUplink() { return { data: { text: 'x'.repeat(${CODEC_OUTPUT_MAX_BYTES - 100}) } }; }`);
    expect(result).toMatchObject({ ok: true });
  });
});

describe('codec calls share no memory', () => {
  it('gives every call a fresh global object', async () => {
    const script = `function decodeUplink() {
      var seen = typeof globalThis.kept;
      globalThis.kept = 'from an earlier call';
      Object.prototype.injected = 'polluted';
      return { data: { seen: seen, polluted: typeof ({}).injected } };
    }`;
    expect(await run(script)).toMatchObject({ ok: true, data: { seen: 'undefined', polluted: 'string' } });
    expect(await run('function decodeUplink() { return { data: { seen: typeof globalThis.kept, polluted: typeof ({}).injected } }; }')).toMatchObject({
      ok: true,
      data: { seen: 'undefined', polluted: 'undefined' },
    });
  });

  it('lets each of many calls use most of the memory limit, whatever the earlier ones kept', async () => {
    // 6 MB kept by a global that refers to itself (a cycle only a garbage collection frees):
    // ten calls' worth is far more than the 16 MB limit of one call.
    const script = `function decodeUplink() {
      globalThis.kept = new ArrayBuffer(6 * 1024 * 1024);
      globalThis.self = globalThis;
      return { data: { n: globalThis.kept.byteLength } };
    }`;
    for (let call = 0; call < 10; call++) expect(await run(script)).toMatchObject({ ok: true, data: { n: 6 * 1024 * 1024 } });
  });
});
