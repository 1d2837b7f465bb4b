import { afterAll, describe, expect, it } from 'vitest';
import { CodecPool, type UplinkInput } from '../../../server/src/dataplane/codec/index.js';
import { TEST_CODEC_TIME_LIMITS } from '../helpers/codec-limits.js';

// A worker keeps a company's codec loaded between calls (server/src/dataplane/codec/cached.mjs).
// One worker, so that every call of a test lands in the same worker and, where the codec can be
// kept, in the same context: whatever a call leaves there, the next call would find.
const pool = new CodecPool(1, TEST_CODEC_TIME_LIMITS);
afterAll(() => pool.close());
const input = (fPort = 1): UplinkInput => ({ bytes: [1, 2], fPort, recvTime: new Date('2026-11-28T12:00:00Z'), variables: {} });
const decode = (script: string, fPort = 1, company = 'c1') => pool.run(script, input(fPort), { company, interactive: false });

/** The data of `times` calls of one codec, in order. */
async function repeated(script: string, times = 4): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let i = 0; i < times; i++) {
    const result = await decode(script);
    answers.push(result.ok ? result.data : result.error);
  }
  return answers;
}

describe('codec sandbox: one call never sees what an earlier call left', () => {
  it.each([
    { name: 'a top-level var counter', script: 'var n = 0; function decodeUplink() { n++; return { data: { n: n } }; }' },
    { name: 'a top-level let counter', script: 'let n = 0; function decodeUplink() { n += 1; return { data: { n: n } }; }' },
    {
      name: 'a top-level table it grows',
      script: 'var seen = []; function decodeUplink() { seen.push(1); return { data: { n: seen.length } }; }',
    },
    {
      name: 'a counter in a closure',
      script: 'var next = (function () { var n = 0; return function () { return ++n; }; })(); function decodeUplink() { return { data: { n: next() } }; }',
    },
    {
      name: 'an undeclared name it assigns (a sloppy global)',
      script: "function decodeUplink() { n = typeof n === 'number' ? n + 1 : 1; return { data: { n: n } }; }",
    },
    {
      name: 'a property it adds to a built-in prototype',
      script: 'function decodeUplink() { var n = ({}).counter === undefined ? 1 : ({}).counter + 1; Object.prototype.counter = n; return { data: { n: n } }; }',
    },
    {
      name: 'a property it adds to the global object',
      // The Function constructor and the global object reached without naming them (cached.mjs sends
      // codecs that name them to a fresh context), so that the call writes to the global object.
      script:
        "function decodeUplink() { var g = [].constructor.constructor('return th' + 'is')(); g.n = typeof g.n === 'number' ? g.n + 1 : 1; return { data: { n: g.n } }; }",
    },
    {
      name: 'a built-in it replaces and catches the failure of',
      script:
        'function decodeUplink() { var n = Math.max.calls === undefined ? 1 : 2; try { Math.max = function () { return 0; }; Math.max.calls = 1; } catch (e) {} return { data: { n: n } }; }',
    },
    {
      name: 'a promise job it leaves queued',
      script:
        'function decodeUplink() { var n = [].counter === undefined ? 1 : 2; Promise.resolve().then(function () { Array.prototype.counter = 1; }); return { data: { n: n } }; }',
    },
  ])('$name starts over on every call', async ({ script }) => {
    expect(await repeated(script)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }, { n: 1 }]);
  });

  it('keeps the answer a fresh context gives to a codec that replaces a built-in at its top level', async () => {
    const script = 'JSON.stringify = function () { return "{not json"; }; function decodeUplink() { return { data: 1 }; }';
    expect(await repeated(script, 2)).toEqual([expect.objectContaining({ kind: 'invalid-result' }), expect.objectContaining({ kind: 'invalid-result' })]);
  });

  it('runs a sloppy codec whose top level only works outside strict mode', async () => {
    const script = 'var codes = [010, 011]; function decodeUplink(input) { with (input) { return { data: { codes: codes, port: fPort } }; } }';
    expect(await repeated(script, 2)).toEqual([
      { codes: [8, 9], port: 1 },
      { codes: [8, 9], port: 1 },
    ]);
  });

  it('finds an entry point declared in a block, as a script does', async () => {
    const script = 'if (true) { function decodeUplink(input) { return { data: { port: input.fPort } }; } }';
    expect(await repeated(script, 2)).toEqual([{ port: 1 }, { port: 1 }]);
  });

  it('answers a call after one that the time limit stopped, and after one that ran out of memory', async () => {
    const script = `function decodeUplink(input) {
      if (input.fPort === 1) for (;;) {}
      if (input.fPort === 2) { var hoard = []; for (;;) hoard.push(new Array(1000).fill(1)); }
      return { data: { port: input.fPort } };
    }`;
    expect(await decode(script, 3)).toMatchObject({ ok: true, data: { port: 3 } });
    expect(await decode(script, 1)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(await decode(script, 3)).toMatchObject({ ok: true, data: { port: 3 } });
    expect(await decode(script, 2)).toMatchObject({ ok: false, error: { kind: expect.stringMatching(/^(memory|timeout)$/) } });
    expect(await decode(script, 3)).toMatchObject({ ok: true, data: { port: 3 } });
  });

  it('keeps each call within the memory limit when every call allocates a quarter of it', async () => {
    // 4 MiB per call (16 bytes a value), kept alive by a cycle until QuickJS collects it: what the
    // calls before left is not counted against the next.
    const script = 'function decodeUplink() { var a = new Array(250000).fill(1); a[0] = a; return { data: { n: a.length } }; }';
    expect(await repeated(script, 8)).toEqual(Array.from({ length: 8 }, () => ({ n: 250000 })));
  });

  it('gives each company its own answer from the same codec text', async () => {
    const script = 'var n = 0; function decodeUplink() { n++; return { data: { n: n } }; }';
    const answers = [await decode(script, 1, 'c1'), await decode(script, 1, 'c2'), await decode(script, 1, 'c1')];
    expect(answers.map((answer) => answer.ok && answer.data)).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
  });
});
