import { describe, expect, it } from 'vitest';
import type { LeafCondition } from '../../../../server/src/schemas/rules.js';
import { ruleRun, transitionsOf } from './clock.js';

const temperature = (condition: Omit<Extract<LeafCondition, { type: 'topic' }>, 'type' | 'topic'>): LeafCondition => ({
  type: 'topic',
  topic: 'temperature',
  ...condition,
});

describe('rule conditions: comparisons on a topic', () => {
  it.each([
    ['gt', 8, [7, 8, 9, 9, 7], [null, null, 'fired', null, 'resolved']],
    ['gte', 8, [7, 8, 9, 7], [null, 'fired', null, 'resolved']],
    ['lt', 2, [3, 2, 1, 3], [null, null, 'fired', 'resolved']],
    ['lte', 2, [3, 2, 1, 3], [null, 'fired', null, 'resolved']],
    ['eq', 5, [4, 5, 5, 6], [null, 'fired', null, 'resolved']],
    ['ne', 5, [5, 4, 3, 5], [null, 'fired', null, 'resolved']],
  ] as const)('%s %d fires once when it becomes true and resolves once when it is false again', (op, value, series, expected) => {
    const run = ruleRun([temperature({ op, value })]);
    expect(transitionsOf(run, 'temperature', [...series])).toEqual(expected);
  });

  it('between holds inside both bounds, bounds included', () => {
    const run = ruleRun([temperature({ op: 'between', value: 2, max: 8 })]);
    expect(transitionsOf(run, 'temperature', [1, 2, 8, 8.1, 5])).toEqual([null, 'fired', null, 'resolved', 'fired']);
  });

  it('compares strings and booleans with = and ≠', () => {
    const run = ruleRun([{ type: 'topic', topic: 'door', op: 'eq', value: 'open' }]);
    expect(transitionsOf(run, 'door', ['closed', 'open', 'closed'])).toEqual([null, 'fired', 'resolved']);
    const flag = ruleRun([{ type: 'topic', topic: 'leak', op: 'ne', value: false }]);
    expect(transitionsOf(flag, 'leak', [false, true, false])).toEqual([null, 'fired', 'resolved']);
  });

  it('changed fires on the uplink that brought a new value and resolves on the next one', () => {
    const run = ruleRun([{ type: 'topic', topic: 'mode', op: 'changed' }]);
    expect(transitionsOf(run, 'mode', ['eco', 'eco', 'boost', 'boost', 'eco'])).toEqual([null, null, 'fired', 'resolved', 'fired']);
  });

  it('changed by more than Δ compares with the previous value, not the threshold', () => {
    const run = ruleRun([{ type: 'topic', topic: 'temperature', op: 'changed_by', delta: 2 }]);
    expect(transitionsOf(run, 'temperature', [10, 12, 14.5, 14, 10])).toEqual([null, null, 'fired', 'resolved', 'fired']);
  });

  it('a value that is not a number never satisfies a numeric comparison', () => {
    const run = ruleRun([temperature({ op: 'gt', value: 8 })]);
    expect(transitionsOf(run, 'temperature', ['hot', true, 9])).toEqual([null, null, 'fired']);
  });

  it('an event without the topic keeps the last known value (no resolve on a status event)', () => {
    const run = ruleRun([temperature({ op: 'gt', value: 8 })]);
    run.uplink({ temperature: 9 });
    expect(run.status(80).transition).toBeNull();
    expect(run.memory.firing).toBe(true);
  });

  it('hysteresis: a value dancing around the threshold fires once and resolves only past the margin', () => {
    const run = ruleRun([temperature({ op: 'gt', value: 8 })], { hysteresis: 0.5 });
    expect(transitionsOf(run, 'temperature', [8.1, 7.9, 8.2, 7.6, 8.3, 7.4, 7.9, 8.1])).toEqual(['fired', null, null, null, null, 'resolved', null, 'fired']);
  });

  it('hysteresis widens "below" thresholds upwards', () => {
    const run = ruleRun([temperature({ op: 'lt', value: 2 })], { hysteresis: 1 });
    expect(transitionsOf(run, 'temperature', [1, 2.5, 3, 1.5])).toEqual(['fired', null, 'resolved', 'fired']);
  });

  it('keeps the values that caused a firing', () => {
    const run = ruleRun([temperature({ op: 'gt', value: 8 })]);
    run.advance(60);
    expect(run.uplink({ temperature: 9.5, humidity: 40 }).values).toEqual({ temperature: 9.5 });
  });

  it('AND and OR combine conditions, with one nested group', () => {
    const run = ruleRun([
      { type: 'topic', topic: 'door', op: 'eq', value: 'open' },
      { type: 'topic', topic: 'temperature', op: 'gt', value: 8 },
    ]);
    expect(run.uplink({ door: 'open', temperature: 5 }).transition).toBeNull();
    expect(run.uplink({ temperature: 9 }).transition).toBe('fired');
    const any = ruleRun(
      [
        { type: 'topic', topic: 'leak', op: 'eq', value: true },
        { match: 'all', conditions: [temperature({ op: 'gt', value: 8 }), { type: 'topic', topic: 'door', op: 'eq', value: 'open' }] },
      ],
      { match: 'any' },
    );
    expect(any.uplink({ leak: false, temperature: 9, door: 'closed' }).transition).toBeNull();
    expect(any.uplink({ door: 'open' }).transition).toBe('fired');
    expect(any.uplink({ door: 'closed' }).transition).toBe('resolved');
    expect(any.uplink({ leak: true }).transition).toBe('fired');
  });
});
