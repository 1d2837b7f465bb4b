import { describe, expect, it } from 'vitest';
import { ruleRun } from './clock.js';

/**
 * `changed` decides whether the ingest path writes a rule's state row: false only when nothing the
 * rule remembers moved, so an unchanged state costs no write and a moved one is never lost.
 */
describe('whether an evaluation changed the rule memory', () => {
  it('a plain threshold that stays below changes nothing; crossing it does', () => {
    const run = ruleRun([{ type: 'topic', topic: 'temperature', op: 'gt', value: 25 }]);
    expect(run.uplink({ temperature: 20 }).changed).toBe(false);
    expect(run.uplink({ temperature: 21 }).changed).toBe(false);
    expect(run.uplink({ temperature: 30 }).changed).toBe(true);
    expect(run.uplink({ temperature: 31 }).changed).toBe(false);
  });

  it('a watched value changes the memory when it moves, not when it repeats', () => {
    const run = ruleRun([{ type: 'topic', topic: 'mode', op: 'changed' }]);
    run.uplink({ mode: 'eco' });
    run.uplink({ mode: 'eco' });
    expect(run.uplink({ mode: 'eco' }).changed).toBe(false);
    expect(run.uplink({ mode: 'boost' }).changed).toBe(true);
  });

  it('a counting window changes with every match, in order', () => {
    const run = ruleRun([{ type: 'count', topic: 'door', op: 'eq', value: 'open', times: 5, window_s: 3600 }]);
    expect(run.uplink({ door: 'open' }).changed).toBe(true);
    run.advance(60);
    expect(run.uplink({ door: 'open' }).changed).toBe(true);
    expect(run.memory.windows['0']).toHaveLength(2);
  });

  it('a held condition changes the memory when it starts to hold, not while it keeps holding', () => {
    const run = ruleRun([{ type: 'topic', topic: 'humidity', op: 'gte', value: 40, for_s: 600 }]);
    expect(run.uplink({ humidity: 45 }).changed).toBe(true);
    run.advance(60);
    expect(run.uplink({ humidity: 46 }).changed).toBe(false);
  });
});
