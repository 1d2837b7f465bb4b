import type { TopicValue } from '../topics.js';
import type { LeafCondition, TopicOperator } from '../../schemas/rules.js';
import type { RuleInput, RuleMemory } from './memory.js';

type Comparison = { op: TopicOperator; value?: TopicValue | undefined; max?: number | undefined; delta?: number | undefined };

/**
 * What a condition needs besides its own fields: the memory before this event and the one being
 * written. `after` shares the records of `before` until a condition changes one of them (then it
 * gets its own copy), so an evaluation that changes nothing allocates no memory and a changed
 * record is told by its identity.
 */
export interface LeafContext {
  input: RuleInput;
  before: RuleMemory;
  after: RuleMemory;
  /** While the rule fires, thresholds are relaxed by this margin so a value dancing around one does not resolve and fire again. */
  margin: number;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, i) => item === b[i]);

/** Sets (or, with undefined, removes) when a held condition started to hold. */
function setPending(ctx: LeafContext, path: string, since: string | undefined): void {
  const { before, after } = ctx;
  if (after.pending[path] === since) return;
  if (after.pending === before.pending) after.pending = { ...before.pending };
  if (since === undefined) delete after.pending[path];
  else after.pending[path] = since;
}

/** Sets a counting condition's recent matches (an empty list removes them). */
function setWindow(ctx: LeafContext, path: string, window: string[]): void {
  const { before, after } = ctx;
  const current = after.windows[path];
  if (window.length === 0 ? current === undefined : current !== undefined && sameList(current, window)) return;
  if (after.windows === before.windows) after.windows = { ...before.windows };
  if (window.length === 0) delete after.windows[path];
  else after.windows[path] = window;
}

const numeric = (value: TopicValue | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The comparison on a value and, for `changed`/`changed_by`, on the value before it. `margin`
 * widens the firing side of a threshold (hysteresis): above 8 with 0.5 holds down to 7.5.
 */
export function compare(condition: Comparison, current: TopicValue | undefined, previous: TopicValue | undefined, margin: number): boolean {
  if (current === undefined) return false;
  const { op, value } = condition;
  if (op === 'changed') return previous !== undefined && previous !== current;
  if (op === 'eq') return current === value;
  if (op === 'ne') return current !== value;
  const v = numeric(current);
  if (v === undefined) return false;
  if (op === 'changed_by') {
    const p = numeric(previous);
    return p !== undefined && Math.abs(v - p) > (condition.delta ?? 0);
  }
  const threshold = numeric(value);
  if (threshold === undefined) return false;
  switch (op) {
    case 'gt':
      return v > threshold - margin;
    case 'gte':
      return v >= threshold - margin;
    case 'lt':
      return v < threshold + margin;
    case 'lte':
      return v <= threshold + margin;
    case 'between':
      return condition.max !== undefined && v >= threshold - margin && v <= condition.max + margin;
  }
}

/** The topics a condition reads. */
export function topicsOf(condition: LeafCondition): string[] {
  return condition.type === 'topic' || condition.type === 'count' ? [condition.topic] : [];
}

/** Whether a condition compares a topic with its previous value (that value is remembered; others are not, so they cost no write). */
export const watchesChange = (condition: LeafCondition): boolean =>
  (condition.type === 'topic' || condition.type === 'count') && (condition.op === 'changed' || condition.op === 'changed_by');

/** Whether one condition holds at this event; updates its part of `after` (held since, window). */
export function evaluateLeaf(condition: LeafCondition, path: string, ctx: LeafContext): boolean {
  const { input, before } = ctx;
  const atMs = input.at.getTime();
  switch (condition.type) {
    case 'topic': {
      const fresh = input.readings[condition.topic];
      // A value counts as "changed" only on the event that brought it; others compare the last known value.
      const previous = fresh === undefined ? undefined : before.values[condition.topic];
      const holds = compare(condition, fresh ?? input.known?.[condition.topic] ?? before.values[condition.topic], previous, ctx.margin);
      if (!condition.for_s) return holds;
      if (!holds) {
        setPending(ctx, path, undefined);
        return false;
      }
      const since = before.pending[path] ?? input.at.toISOString();
      setPending(ctx, path, since);
      return atMs - Date.parse(since) >= condition.for_s * 1000;
    }
    case 'count': {
      const windowStart = atMs - condition.window_s * 1000;
      const recent = before.windows[path] ?? [];
      let kept = recent.every((at) => Date.parse(at) > windowStart) ? recent : recent.filter((at) => Date.parse(at) > windowStart);
      const fresh = input.readings[condition.topic];
      if (fresh !== undefined && compare(condition, fresh, before.values[condition.topic], 0)) kept = [...kept, input.at.toISOString()];
      // Only the last `times` matches can decide; older ones are not kept.
      const window = kept.length > condition.times ? kept.slice(-condition.times) : kept;
      setWindow(ctx, path, window);
      return window.length >= condition.times;
    }
    case 'no_uplink':
      return input.lastUplinkAt !== null && atMs - input.lastUplinkAt.getTime() >= condition.period_s * 1000;
    case 'battery_below': {
      const level = input.battery === undefined ? before.battery : input.battery;
      return level !== null && level < condition.level;
    }
    case 'log_code':
      return input.kind === 'log' && input.logCode === condition.code;
  }
}
