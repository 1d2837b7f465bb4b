import { describe, expect, it } from 'vitest';
import { inSchedule, localTime } from '../../../../server/src/domain/rules/schedule.js';
import { ruleRun, transitionsOf } from './clock.js';

const berlinEvenings = { time_zone: 'Europe/Berlin', weekdays: [1, 2, 3, 4, 5], from: '18:00', to: '07:00' };

describe('rule conditions: time', () => {
  it('for a duration: fires only once the value held for the whole time, and a dip starts over', () => {
    const run = ruleRun([{ type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 600 }]);
    expect(transitionsOf(run, 'temperature', [9, 9, 9, 9, 9], 120)).toEqual([null, null, null, null, null]);
    run.advance(120);
    expect(run.uplink({ temperature: 9 }).transition).toBe('fired');
    expect(run.memory.since).toBe(run.now.toISOString());
    expect(transitionsOf(run, 'temperature', [7, 9, 9], 300)).toEqual(['resolved', null, null]);
    run.advance(300);
    expect(run.uplink({ temperature: 9 }).transition).toBe('fired');
  });

  it('for a duration: the held-since time is in the memory, so a later evaluation continues it', () => {
    const run = ruleRun([{ type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 600 }]);
    run.uplink({ temperature: 9 });
    // Epoch milliseconds in memory (stored as the ISO time, memory-json.ts).
    const started = run.now.getTime();
    expect(run.memory.pending).toEqual({ '0': started });
    run.advance(600);
    expect(run.tick().transition).toBe('fired');
  });

  it('counts in a window: five openings within an hour fire, and old ones fall out of the window', () => {
    const run = ruleRun([{ type: 'count', topic: 'door', op: 'eq', value: 'open', times: 5, window_s: 3600 }]);
    expect(transitionsOf(run, 'door', ['open', 'closed', 'open', 'open', 'open'], 600)).toEqual([null, null, null, null, null]);
    expect(transitionsOf(run, 'door', ['open'], 600)).toEqual(['fired']);
    expect(run.memory.windows['0']).toHaveLength(5);
    // The first opening is now more than an hour old.
    expect(transitionsOf(run, 'door', ['closed'], 700)).toEqual(['resolved']);
  });

  it('no uplink for a period: time passing fires it, the next uplink resolves it', () => {
    const run = ruleRun([{ type: 'no_uplink', period_s: 3600 }]);
    expect(run.tick().transition).toBeNull();
    run.uplink({ temperature: 5 });
    run.advance(3599);
    expect(run.tick().transition).toBeNull();
    run.advance(1);
    expect(run.tick().transition).toBe('fired');
    run.advance(600);
    expect(run.tick().transition).toBeNull();
    expect(run.uplink({ temperature: 5 }).transition).toBe('resolved');
  });

  it('battery below a level, from status events; an unknown level is not low', () => {
    const run = ruleRun([{ type: 'battery_below', level: 20 }]);
    expect(run.status(null).transition).toBeNull();
    expect(run.status(25).transition).toBeNull();
    const fired = run.status(15);
    expect(fired.transition).toBe('fired');
    expect(fired.values).toEqual({ battery: 15 });
    expect(run.uplink({ temperature: 3 }).transition).toBeNull();
    expect(run.status(90).transition).toBe('resolved');
  });

  it('a network-server log event of a code fires on that event only', () => {
    const run = ruleRun([{ type: 'log_code', code: 'UPLINK_MIC' }]);
    expect(run.log('OTAA').transition).toBeNull();
    expect(run.log('UPLINK_MIC').transition).toBe('fired');
    expect(run.log('UPLINK_MIC').transition).toBeNull();
    expect(run.uplink({ temperature: 3 }).transition).toBe('resolved');
  });
});

describe('rule schedules', () => {
  it('holds on the named weekdays within the local time of day, across midnight', () => {
    // Monday 23 Nov 2026, Berlin is UTC+1.
    expect(inSchedule(berlinEvenings, new Date('2026-11-23T16:59:00Z'))).toBe(false);
    expect(inSchedule(berlinEvenings, new Date('2026-11-23T17:00:00Z'))).toBe(true);
    // Tuesday 05:59 local belongs to Monday evening's window.
    expect(inSchedule(berlinEvenings, new Date('2026-11-24T04:59:00Z'))).toBe(true);
    expect(inSchedule(berlinEvenings, new Date('2026-11-24T06:00:00Z'))).toBe(false);
    // Saturday 03:00 local belongs to Friday evening; Sunday 03:00 to Saturday, which is not named.
    expect(inSchedule(berlinEvenings, new Date('2026-11-28T02:00:00Z'))).toBe(true);
    expect(inSchedule(berlinEvenings, new Date('2026-11-29T02:00:00Z'))).toBe(false);
    // Monday 03:00 local belongs to Sunday evening.
    expect(inSchedule(berlinEvenings, new Date('2026-11-23T02:00:00Z'))).toBe(false);
  });

  it('follows the wall clock over a DST change', () => {
    const mornings = { time_zone: 'Europe/Berlin', weekdays: [0, 1, 2, 3, 4, 5, 6], from: '07:00', to: '08:00' };
    // Sunday 29 March 2026: Berlin moves from UTC+1 to UTC+2 at 02:00 local.
    expect(localTime(new Date('2026-03-28T06:30:00Z'), 'Europe/Berlin')).toEqual({ weekday: 6, minute: 450 });
    expect(inSchedule(mornings, new Date('2026-03-28T06:30:00Z'))).toBe(true);
    expect(inSchedule(mornings, new Date('2026-03-29T06:30:00Z'))).toBe(false);
    expect(inSchedule(mornings, new Date('2026-03-29T05:30:00Z'))).toBe(true);
    // Sunday 25 October 2026: back to UTC+1.
    expect(inSchedule(mornings, new Date('2026-10-25T05:30:00Z'))).toBe(false);
    expect(inSchedule(mornings, new Date('2026-10-25T06:30:00Z'))).toBe(true);
  });

  it('a rule outside its schedule does not fire, and one firing resolves when the schedule ends', () => {
    const run = ruleRun([{ type: 'topic', topic: 'door', op: 'eq', value: 'open' }], { schedule: berlinEvenings, start: '2026-11-23T15:00:00Z' });
    expect(run.uplink({ door: 'open' }).transition).toBeNull();
    run.at('2026-11-23T17:30:00Z');
    expect(run.uplink({ door: 'open' }).transition).toBe('fired');
    run.at('2026-11-24T06:30:00Z');
    expect(run.uplink({ door: 'open' }).transition).toBe('resolved');
  });

  it('a duration spanning the spring-forward hour counts real time, not wall-clock time', () => {
    const run = ruleRun([{ type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 3600 }], { start: '2026-03-29T00:30:00Z' });
    run.uplink({ temperature: 9 });
    // 01:30 → 03:30 local is one hour of real time.
    run.at('2026-03-29T01:29:59Z');
    expect(run.uplink({ temperature: 9 }).transition).toBeNull();
    run.at('2026-03-29T01:30:00Z');
    expect(run.uplink({ temperature: 9 }).transition).toBe('fired');
  });
});
