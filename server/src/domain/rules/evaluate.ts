import type { LeafCondition, RuleDefinition, RuleTransition, TopicValues } from '../../schemas/rules.js';
import { evaluateLeaf, topicsOf, watchesChange, type LeafContext } from './conditions.js';
import type { RuleInput, RuleMemory } from './memory.js';
import { inSchedule } from './schedule.js';

export { armedMemory, type RuleInput, type RuleMemory } from './memory.js';

export interface Evaluation {
  memory: RuleMemory;
  /** `fired` when the condition became true while armed, `resolved` when a firing one became false; null otherwise. */
  transition: RuleTransition | null;
  /** The values the condition read, for the firing's history. */
  values: TopicValues;
  /** Whether the memory differs from the one before (else nothing needs writing). */
  changed: boolean;
}

type Leaves = readonly { path: string; leaf: LeafCondition }[];

// A rule's condition is never changed in place (an edit stores a new rule), so what is derived from
// it is kept with it: the ingest path evaluates every rule of a company on each uplink.
const leavesByCondition = new WeakMap<RuleDefinition['condition'], Leaves>();
const topicsByCondition = new WeakMap<RuleDefinition['condition'], readonly string[]>();

/** Every leaf with its path, for the form's "topics of the rule" and the stored values. */
export function leavesOf(rule: Pick<RuleDefinition, 'condition'>): Leaves {
  let leaves = leavesByCondition.get(rule.condition);
  if (!leaves) {
    leaves = rule.condition.conditions.flatMap((item, i) =>
      'match' in item ? item.conditions.map((leaf, j) => ({ path: `${i}.${j}`, leaf })) : [{ path: String(i), leaf: item }],
    );
    leavesByCondition.set(rule.condition, leaves);
  }
  return leaves;
}

export function topicsRead(rule: Pick<RuleDefinition, 'condition'>): readonly string[] {
  let topics = topicsByCondition.get(rule.condition);
  if (!topics) {
    topics = [...new Set(leavesOf(rule).flatMap(({ leaf }) => topicsOf(leaf)))];
    topicsByCondition.set(rule.condition, topics);
  }
  return topics;
}

function sameRecord<T>(a: Readonly<Record<string, T>>, b: Readonly<Record<string, T>>, same: (x: T, y: T) => boolean): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && same(a[key] as T, b[key] as T));
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((item, i) => item === b[i]);

/** Whether two memories store the same (what decides if a state needs writing). */
function sameMemory(a: RuleMemory, b: RuleMemory): boolean {
  return (
    a.firing === b.firing &&
    a.since === b.since &&
    a.lastFiredAt === b.lastFiredAt &&
    a.battery === b.battery &&
    sameRecord(a.values, b.values, (x, y) => x === y) &&
    sameRecord(a.pending, b.pending, (x, y) => x === y) &&
    sameRecord(a.windows, b.windows, sameList)
  );
}

function combine(match: 'all' | 'any', results: boolean[]): boolean {
  return match === 'all' ? results.every(Boolean) : results.some(Boolean);
}

/**
 * Evaluates a rule for one device at one event, without I/O (the clock is the event's time).
 * Every condition is evaluated, not short-circuited, so held-since times and windows stay current.
 * The rule fires once when its condition becomes true while armed, and re-arms only when the
 * condition is false again (with thresholds relaxed by the hysteresis margin while it fires):
 * that is the "resolved" transition. Outside its schedule the condition counts as false.
 */
export function evaluateRule(rule: RuleDefinition, before: RuleMemory, input: RuleInput): Evaluation {
  const after: RuleMemory = { ...before, values: { ...before.values }, pending: { ...before.pending }, windows: { ...before.windows } };
  const ctx: LeafContext = { input, before, after, margin: before.firing ? rule.hysteresis : 0 };
  const results = rule.condition.conditions.map((item, i) =>
    'match' in item
      ? combine(
          item.match,
          item.conditions.map((leaf, j) => evaluateLeaf(leaf, `${i}.${j}`, ctx)),
        )
      : evaluateLeaf(item, String(i), ctx),
  );
  const holds = combine(rule.condition.match, results) && inSchedule(rule.schedule, input.at);

  const leaves = leavesOf(rule);
  for (const { leaf } of leaves) {
    const fresh = watchesChange(leaf) && 'topic' in leaf ? input.readings[leaf.topic] : undefined;
    if (fresh !== undefined && 'topic' in leaf) after.values[leaf.topic] = fresh;
  }
  const readsBattery = leaves.some(({ leaf }) => leaf.type === 'battery_below');
  if (readsBattery && input.battery !== undefined) after.battery = input.battery;
  const at = input.at.toISOString();
  let transition: RuleTransition | null = null;
  if (holds && !before.firing) {
    transition = 'fired';
    Object.assign(after, { firing: true, since: at, lastFiredAt: at });
  } else if (!holds && before.firing) {
    transition = 'resolved';
    Object.assign(after, { firing: false, since: null });
  }
  const values: TopicValues = {};
  for (const topic of topicsRead(rule)) values[topic] = input.readings[topic] ?? input.known?.[topic] ?? after.values[topic] ?? null;
  if (readsBattery) values.battery = after.battery;
  if (input.logCode !== undefined) values.log_code = input.logCode;
  return { memory: after, transition, values, changed: !sameMemory(after, before) };
}
