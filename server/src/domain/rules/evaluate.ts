import type { LeafCondition, RuleDefinition, RuleTransition, TopicValues } from '../../schemas/rules.js';
import { evaluateLeaf, topicsOf, watchesChange, type LeafContext } from './conditions.js';
import { armedMemory, type RuleInput, type RuleMemory } from './memory.js';
import { inSchedule } from './schedule.js';

export { armedMemory, type RuleInput, type RuleMemory } from './memory.js';

export interface Evaluation {
  memory: RuleMemory;
  /** `fired` when the condition became true while armed, `resolved` when a firing one became false; null otherwise. */
  transition: RuleTransition | null;
  /** The values the condition read, for the firing's history (empty without a transition). */
  values: TopicValues;
  /** Whether the memory differs from the one before (else nothing needs writing, and `memory` is `before`). */
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

/** The topics whose value before an uplink the rule compares with the uplink's (`changed`, `changed_by`). */
export const topicsWatched = (rule: Pick<RuleDefinition, 'condition'>): readonly string[] => [
  ...new Set(leavesOf(rule).flatMap(({ leaf }) => (watchesChange(leaf) ? topicsOf(leaf) : []))),
];

export function topicsRead(rule: Pick<RuleDefinition, 'condition'>): readonly string[] {
  let topics = topicsByCondition.get(rule.condition);
  if (!topics) {
    topics = [...new Set(leavesOf(rule).flatMap(({ leaf }) => topicsOf(leaf)))];
    topicsByCondition.set(rule.condition, topics);
  }
  return topics;
}

/** What each evaluation of a rule needs from its condition, derived once per condition. */
interface Compiled {
  items: readonly ({ leaf: LeafCondition; path: string } | { match: 'all' | 'any'; leaves: Leaves })[];
  readsBattery: boolean;
}

const compiledByCondition = new WeakMap<RuleDefinition['condition'], Compiled>();

function compiled(rule: Pick<RuleDefinition, 'condition'>): Compiled {
  let found = compiledByCondition.get(rule.condition);
  if (!found) {
    const leaves = leavesOf(rule);
    const items = rule.condition.conditions.map((item, i) =>
      'match' in item ? { match: item.match, leaves: leaves.filter(({ path }) => path.startsWith(`${i}.`)) } : { leaf: item, path: String(i) },
    );
    found = { items, readsBattery: leaves.some(({ leaf }) => leaf.type === 'battery_below') };
    compiledByCondition.set(rule.condition, found);
  }
  return found;
}

/** Whether a group's conditions hold; each is evaluated, none short-circuited, so held-since times and windows stay current. */
function holdsAll(match: 'all' | 'any', leaves: Leaves, ctx: LeafContext): boolean {
  let holds = match === 'all';
  for (const { leaf, path } of leaves) {
    const result = evaluateLeaf(leaf, path, ctx);
    holds = match === 'all' ? holds && result : holds || result;
  }
  return holds;
}

// The one context of every evaluation (see LeafContext): evaluateRule fills it in at its start.
const ctx: LeafContext = {
  input: { at: new Date(0), kind: 'tick', readings: {}, lastUplinkAt: null },
  atMs: 0,
  before: armedMemory(),
  pending: {},
  windows: {},
  margin: 0,
};

/**
 * Evaluates a rule for one device at one event, without I/O (the clock is the event's time).
 * Every condition is evaluated, not short-circuited, so held-since times and windows stay current.
 * The rule fires once when its condition becomes true while armed, and re-arms only when the
 * condition is false again (with thresholds relaxed by the hysteresis margin while it fires):
 * that is the "resolved" transition. Outside its schedule the condition counts as false.
 * Runs for every rule on every uplink: nothing is allocated unless the memory changes (see LeafContext).
 */
export function evaluateRule(rule: RuleDefinition, before: RuleMemory, input: RuleInput): Evaluation {
  const { items, readsBattery } = compiled(rule);
  ctx.input = input;
  ctx.atMs = input.at.getTime();
  ctx.before = before;
  ctx.pending = before.pending;
  ctx.windows = before.windows;
  ctx.margin = before.firing ? rule.hysteresis : 0;
  const match = rule.condition.match;
  let holds = match === 'all';
  for (const item of items) {
    const result = 'match' in item ? holdsAll(item.match, item.leaves, ctx) : evaluateLeaf(item.leaf, item.path, ctx);
    holds = match === 'all' ? holds && result : holds || result;
  }
  holds = holds && inSchedule(rule.schedule, input.at);

  const battery = readsBattery && input.battery !== undefined ? input.battery : before.battery;
  let transition: RuleTransition | null = null;
  let { firing, since, lastFiredAt } = before;
  if (holds && !before.firing) {
    transition = 'fired';
    firing = true;
    since = lastFiredAt = input.at.toISOString();
  } else if (!holds && before.firing) {
    transition = 'resolved';
    firing = false;
    since = null;
  }
  const changed = transition !== null || battery !== before.battery || ctx.pending !== before.pending || ctx.windows !== before.windows;
  if (!changed) return { memory: before, transition, values: NO_VALUES, changed };
  // Spelled out rather than spread: V8 builds this literal far faster.
  const after: RuleMemory = { firing, since, lastFiredAt, battery, pending: ctx.pending, windows: ctx.windows };
  return { memory: after, transition, values: transition ? readValues(rule, after, input, readsBattery) : NO_VALUES, changed };
}

// Shared by the evaluations without a transition (nearly all of them), which nobody reads.
const NO_VALUES: TopicValues = Object.freeze({});

/** The values the condition read at a transition (for its history). */
function readValues(rule: RuleDefinition, after: RuleMemory, input: RuleInput, readsBattery: boolean): TopicValues {
  const values: TopicValues = {};
  for (const topic of topicsRead(rule)) values[topic] = input.readings[topic] ?? input.known?.[topic] ?? null;
  if (readsBattery) values.battery = after.battery;
  if (input.logCode !== undefined) values.log_code = input.logCode;
  return values;
}
