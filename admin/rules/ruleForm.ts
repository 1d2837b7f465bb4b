import type { Rule, RuleSchedule } from '../types/api';

/** The form's values: the rule, with the schedule's on/off switch beside it. */
export type RuleFormValues = Partial<Rule> & { scheduled?: boolean };

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const defaultSchedule = (): RuleSchedule => ({ time_zone: browserZone(), weekdays: [1, 2, 3, 4, 5], from: '18:00', to: '07:00' });

export const NEW_RULE: RuleFormValues = {
  enabled: true,
  scope: 'company',
  scope_id: null,
  hysteresis: 0,
  condition: { match: 'all', conditions: [{ type: 'topic', topic: '', op: 'gt', value: 0 }] },
  actions: [{ type: 'notification', members: 'all' }],
  scheduled: false,
  schedule: defaultSchedule(),
};

/** What is sent: without the switch, with the schedule only when it is on, the scope's item only when it names one. */
export function ruleBody(values: RuleFormValues): Partial<Rule> {
  const { scheduled, state: _state, ...rule } = values;
  return {
    ...rule,
    schedule: scheduled ? (rule.schedule ?? defaultSchedule()) : null,
    scope_id: rule.scope === 'company' ? null : (rule.scope_id ?? null),
  };
}
