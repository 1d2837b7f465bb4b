import type { ConditionGroup, LeafCondition, Rule, RuleAction, RuleCondition, RuleSchedule } from '../types/api';

/** A group of conditions as the form holds it: tagged like a leaf, so one picker chooses between them. */
export type FormGroup = ConditionGroup & { type: 'group' };
export type FormCondition = LeafCondition | FormGroup;
/** A form item as it may stand half-filled. */
export type FormItem = Partial<LeafCondition> | Partial<FormGroup>;

export const isGroup = (item: FormItem): item is Partial<FormGroup> => item.type === 'group';

/** The form's values: the rule with its groups tagged, and the schedule's on/off switch beside it. */
export type RuleFormValues = Omit<Partial<Rule>, 'condition'> & {
  condition?: { match: RuleCondition['match']; conditions: FormItem[] };
  scheduled?: boolean;
};

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const defaultSchedule = (): RuleSchedule => ({ time_zone: browserZone(), weekdays: [1, 2, 3, 4, 5], from: '18:00', to: '07:00' });

export const NEW_LEAF: LeafCondition = { type: 'topic', topic: '', op: 'gt', value: 0 };

export const NEW_RULE: RuleFormValues = {
  enabled: true,
  scope: 'company',
  scope_id: null,
  hysteresis: 0,
  condition: { match: 'all', conditions: [NEW_LEAF] },
  actions: [{ type: 'notification', members: 'all' }],
  scheduled: false,
  schedule: defaultSchedule(),
};

type FieldsOf<T extends { type: string }> = { [K in T['type']]: readonly (keyof Extract<T, { type: K }>)[] };

/**
 * The fields each kind sends. A form item keeps the fields of the kind it had before the picker
 * changed it; the API refuses fields a kind does not have, so only these are sent.
 */
const LEAF_FIELDS: FieldsOf<LeafCondition> = {
  topic: ['type', 'topic', 'op', 'value', 'max', 'delta', 'for_s'],
  count: ['type', 'topic', 'op', 'value', 'max', 'delta', 'times', 'window_s'],
  no_uplink: ['type', 'period_s'],
  battery_below: ['type', 'level'],
  log_code: ['type', 'code'],
};
const ACTION_FIELDS: FieldsOf<RuleAction> = {
  notification: ['type', 'members'],
  email: ['type', 'members'],
  webhook: ['type', 'webhook_id'],
  downlink: ['type', 'payload', 'encoding', 'f_port', 'confirmed'],
  flag: ['type', 'topic'],
};

/** The named fields that hold a value (an emptied number input holds null, an emptied text ''). */
function picked<T>(item: object, fields: readonly PropertyKey[]): T {
  const entries = Object.entries(item).filter(([key, value]) => fields.includes(key) && value !== null && value !== undefined && value !== '');
  return Object.fromEntries(entries) as T;
}

const fieldsOf = <T extends { type: string }>(table: FieldsOf<T>, type: string | undefined): readonly PropertyKey[] =>
  type !== undefined && type in table ? table[type as T['type']] : ['type'];

const leafBody = (leaf: { type?: string }): LeafCondition => picked(leaf, fieldsOf(LEAF_FIELDS, leaf.type));

function conditionBody(item: FormItem): LeafCondition | ConditionGroup {
  if (!isGroup(item)) return leafBody(item);
  return { match: item.match ?? 'all', conditions: (item.conditions ?? []).map(leafBody) };
}

/** A stored rule as the form edits it: its groups tagged, the schedule's switch set. */
export function ruleFormValues(rule: Rule): RuleFormValues {
  return {
    ...rule,
    condition: {
      match: rule.condition.match,
      conditions: rule.condition.conditions.map((item): FormCondition => ('match' in item ? { type: 'group', ...item } : item)),
    },
    scheduled: rule.schedule !== null,
    schedule: rule.schedule ?? defaultSchedule(),
  };
}

/** What is sent: each condition and action with its kind's fields, the schedule only when it is on, the scope's item only when it names one. */
export function ruleBody(values: RuleFormValues): Partial<Rule> {
  const { scheduled, state: _state, condition, actions, ...rule } = values;
  return {
    ...rule,
    ...(condition ? { condition: { match: condition.match, conditions: condition.conditions.map(conditionBody) } } : {}),
    ...(actions ? { actions: actions.map((action) => picked<RuleAction>(action, fieldsOf(ACTION_FIELDS, action.type))) } : {}),
    schedule: scheduled ? (rule.schedule ?? defaultSchedule()) : null,
    scope_id: rule.scope === 'company' ? null : (rule.scope_id ?? null),
  };
}
