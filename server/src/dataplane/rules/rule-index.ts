import { leavesOf, topicsRead, topicsWatched } from '../../domain/rules/evaluate.js';
import type { DevicePlace } from '../../domain/rules/scope.js';
import type { TopicValue } from '../../domain/topics.js';
import type { StoredRule } from '../../repositories/rules.js';
import type { RuleScope } from '../../schemas/rules.js';

/** A rule with what decides, without evaluating it, whether an uplink concerns it. */
export interface IndexedRule {
  rule: StoredRule;
  topics: readonly string[];
  /** Those of `topics` whose value before an uplink carrying them it reads too (topicsWatched). */
  watched: readonly string[];
  /**
   * Whether an uplink carrying none of its topics can still move its state: a held duration, a
   * counting window or a schedule depends on the time, a missing uplink or a log code on the kind
   * of event, a battery level on the device. A plain comparison of topics reads only values that
   * the uplinks carrying them have shown it already.
   */
  everyUplink: boolean;
}

/** A company's enabled rules by scope (company, device, unit, group, profile and the scope's id). */
export interface CompanyRules {
  rules: readonly StoredRule[];
  byScope: ReadonlyMap<string, readonly IndexedRule[]>;
}

// A null id is a key of its own, so a scope matches exactly as inScope (domain/rules/scope.ts) compares.
const scopeKey = (scope: RuleScope, id: string | null): string => (scope === 'company' ? 'company' : `${scope}:${id ?? ''}`);

const onEveryUplink = (rule: StoredRule): boolean => rule.schedule !== null || leavesOf(rule).some(({ leaf }) => leaf.type !== 'topic' || Boolean(leaf.for_s));

export function indexRules(rules: readonly StoredRule[]): CompanyRules {
  const byScope = new Map<string, IndexedRule[]>();
  for (const rule of rules) {
    const key = scopeKey(rule.scope, rule.scope_id);
    const list = byScope.get(key) ?? [];
    list.push({ rule, topics: topicsRead(rule), watched: topicsWatched(rule), everyUplink: onEveryUplink(rule) });
    byScope.set(key, list);
  }
  return { rules, byScope };
}

/** The rules whose scope holds the device; with `readings` (an uplink's), only those the uplink concerns. */
export function rulesFor(index: CompanyRules, device: DevicePlace, readings?: Readonly<Record<string, TopicValue>>): IndexedRule[] {
  const keys = [
    scopeKey('company', null),
    scopeKey('device', device.id),
    scopeKey('unit', device.unit_id),
    scopeKey('group', device.group_id),
    scopeKey('profile', device.profile_id),
  ];
  const matching: IndexedRule[] = [];
  for (const key of keys) {
    for (const indexed of index.byScope.get(key) ?? []) {
      if (!readings || indexed.everyUplink || indexed.topics.some((topic) => readings[topic] !== undefined)) matching.push(indexed);
    }
  }
  return matching;
}
