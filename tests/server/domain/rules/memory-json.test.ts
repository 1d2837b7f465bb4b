import { describe, expect, it } from 'vitest';
import { nextWindow } from '../../../../server/src/domain/rules/conditions.js';
import { memoryJson, parseMemory } from '../../../../server/src/domain/rules/memory-json.js';
import { armedMemory, type RuleMemory } from '../../../../server/src/domain/rules/memory.js';
import { ruleRun } from './clock.js';

const T = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('the stored form of a rule memory', () => {
  it('keeps held-since times as ISO times and window matches as epoch milliseconds', () => {
    const memory: RuleMemory = {
      firing: true,
      since: iso(T),
      lastFiredAt: iso(T),
      battery: 40,
      pending: { '1': T - 60_000 },
      windows: { '0': [T - 120_000, T] },
    };
    expect(JSON.parse(memoryJson(memory))).toEqual({
      firing: true,
      since: iso(T),
      lastFiredAt: iso(T),
      battery: 40,
      pending: { '1': iso(T - 60_000) },
      windows: { '0': [T - 120_000, T] },
    });
    expect(parseMemory(memoryJson(memory))).toEqual(memory);
    expect(parseMemory(memoryJson(armedMemory()))).toEqual(armedMemory());
  });

  it('stores only what differs from an armed memory, and whether it fires', () => {
    const counting: RuleMemory = { ...armedMemory(), windows: { '0': [T - 60_000, T] } };
    expect(JSON.parse(memoryJson(counting))).toEqual({ firing: false, windows: { '0': [T - 60_000, T] } });
    expect(parseMemory(memoryJson(counting))).toEqual(counting);
    expect(JSON.parse(memoryJson(armedMemory()))).toEqual({ firing: false });
  });

  it("reads a row written before (ISO times, the topics' last values it no longer keeps), and one missing parts", () => {
    const stored = JSON.stringify({
      firing: false,
      since: null,
      lastFiredAt: null,
      values: { mode: 'eco' },
      battery: null,
      pending: { '0': iso(T) },
      windows: { '2': [iso(T)] },
    });
    expect(parseMemory(stored)).toEqual({ ...armedMemory(), pending: { '0': T }, windows: { '2': [T] } });
    expect(parseMemory('{"firing":true}')).toEqual({ ...armedMemory(), firing: true });
  });

  it('stores what a run of evaluations remembers, read back as it was, and not the values the device keeps', () => {
    const run = ruleRun([
      { type: 'count', topic: 'door', op: 'eq', value: 'open', times: 3, window_s: 3600 },
      { type: 'topic', topic: 'mode', op: 'changed' },
      { type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 600 },
    ]);
    run.uplink({ door: 'open', mode: 'eco', temperature: 9 });
    run.advance(60);
    run.uplink({ door: 'open', mode: 'boost', temperature: 10 });
    const stored = JSON.parse(memoryJson(run.memory)) as Record<string, unknown>;
    expect(stored).toMatchObject({ windows: { '0': [T, T + 60_000] }, pending: { '2': iso(T) } });
    expect(stored).not.toHaveProperty('values');
    expect(parseMemory(memoryJson(run.memory))).toEqual(run.memory);
  });
});

describe('a counting window after an event', () => {
  it('is the same list when nothing expired and nothing matched', () => {
    const recent = [T - 1000, T - 500];
    expect(nextWindow(recent, T - 3_600_000, false, T, 5)).toBe(recent);
  });

  it('drops the matches that left the window, adds a match, and keeps at most `times`', () => {
    expect(nextWindow([T - 5000, T - 1000], T - 2000, false, T, 5)).toEqual([T - 1000]);
    expect(nextWindow([T - 5000, T - 1000], T - 2000, true, T, 5)).toEqual([T - 1000, T]);
    expect(nextWindow([T - 3000, T - 2000, T - 1000], T - 10_000, true, T, 3)).toEqual([T - 2000, T - 1000, T]);
    // A match exactly at the window's start has left it.
    expect(nextWindow([T - 2000], T - 2000, false, T, 3)).toEqual([]);
  });
});
