import type { TopicValue } from '../topics.js';
import type { LeafCondition, TopicOperator } from '../../schemas/rules.js';
import type { RuleInput, RuleMemory } from './memory.js';

type Comparison = { op: TopicOperator; value?: TopicValue | undefined; max?: number | undefined; delta?: number | undefined };

/**
 * What a condition needs besides its own fields: the event, the memory before it and the records
 * being written. `pending` and `windows` are `before`'s until a condition changes one of
 * them (then it gets its own copy), so an evaluation that changes nothing allocates no memory and
 * a changed record is told by its identity. One context serves every evaluation (they never
 * interleave: an evaluation runs to its end without awaiting), so evaluating 100 rules on an uplink
 * allocates no context per rule.
 */
export interface LeafContext {
  input: RuleInput;
  /** `input.at` in epoch milliseconds. */
  atMs: number;
  before: RuleMemory;
  pending: RuleMemory['pending'];
  windows: RuleMemory['windows'];
  /** While the rule fires, thresholds are relaxed by this margin so a value dancing around one does not resolve and fire again. */
  margin: number;
}

const NO_MATCHES: readonly number[] = Object.freeze([]);

/** Whether two windows hold the same matches. */
const sameTimes = (a: readonly number[], b: readonly number[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** Sets (or, with undefined, removes) when a held condition started to hold. */
function setPending(ctx: LeafContext, path: string, since: number | undefined): void {
  if (ctx.pending[path] === since) return;
  if (ctx.pending === ctx.before.pending) ctx.pending = { ...ctx.before.pending };
  if (since === undefined) delete ctx.pending[path];
  else ctx.pending[path] = since;
}

/** Sets a counting condition's recent matches (an empty list removes them). */
function setWindow(ctx: LeafContext, path: string, window: readonly number[]): void {
  const current = ctx.windows[path];
  if (window.length === 0 ? current === undefined : current !== undefined && (current === window || sameTimes(current, window))) return;
  if (ctx.windows === ctx.before.windows) ctx.windows = { ...ctx.before.windows };
  if (window.length === 0) delete ctx.windows[path];
  else ctx.windows[path] = window;
}

/**
 * A counting condition's matches after this event: those still in the window and, when `matched`,
 * this event's time; at most the last `times` (only they can decide). The list before when
 * nothing moved, so a window that stays costs no copy.
 */
export function nextWindow(recent: readonly number[], windowStartMs: number, matched: boolean, atMs: number, times: number): readonly number[] {
  let expired = 0;
  for (const time of recent) if (time <= windowStartMs) expired++;
  if (expired === 0 && !matched && recent.length <= times) return recent;
  const kept: number[] = [];
  for (const time of recent) if (time > windowStartMs) kept.push(time);
  if (matched) kept.push(atMs);
  return kept.length > times ? kept.slice(-times) : kept;
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

/** Whether a condition compares a topic's new value with the one before (RuleInput.known). */
export const watchesChange = (condition: LeafCondition): boolean =>
  (condition.type === 'topic' || condition.type === 'count') && (condition.op === 'changed' || condition.op === 'changed_by');

/** Whether one condition holds at this event; updates its part of the context (held since, window). */
export function evaluateLeaf(condition: LeafCondition, path: string, ctx: LeafContext): boolean {
  const { input, before, atMs } = ctx;
  switch (condition.type) {
    case 'topic': {
      const fresh = input.readings[condition.topic];
      const known = input.known?.[condition.topic];
      // A value counts as "changed" only on the event that brought it; others compare the last known value.
      const holds = compare(condition, fresh ?? known, fresh === undefined ? undefined : known, ctx.margin);
      if (!condition.for_s) return holds;
      if (!holds) {
        setPending(ctx, path, undefined);
        return false;
      }
      const since = before.pending[path] ?? atMs;
      setPending(ctx, path, since);
      return atMs - since >= condition.for_s * 1000;
    }
    case 'count': {
      const fresh = input.readings[condition.topic];
      const matched = fresh !== undefined && compare(condition, fresh, input.known?.[condition.topic], 0);
      const window = nextWindow(before.windows[path] ?? NO_MATCHES, atMs - condition.window_s * 1000, matched, atMs, condition.times);
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
