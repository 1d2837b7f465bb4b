import type { Rule, RuleFiring, RulePreview } from '../../../admin/types/api';

export const rule: Rule = {
  id: 'r1',
  company_id: 'c1',
  name: 'Cold room too warm',
  enabled: true,
  scope: 'company',
  scope_id: null,
  condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 8, for_s: 600 }] },
  schedule: null,
  hysteresis: 0.5,
  actions: [{ type: 'notification', members: 'all' }],
  state: { firing: 1, firing_since: '2026-11-20T08:00:00.000Z', last_fired_at: '2026-11-20T08:00:00.000Z' },
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

export const armedRule: Rule = { ...rule, id: 'r2', name: 'Door after hours', state: { firing: 0, firing_since: null, last_fired_at: null } };

export const firing: RuleFiring = {
  id: 'f1',
  rule_id: 'r1',
  device_id: 'd1',
  device_name: 'Cold room sensor',
  transition: 'fired',
  at: '2026-11-20T08:00:00.000Z',
  values: { temperature: 9.5 },
};

export const preview: RulePreview = {
  from: '2026-11-19T08:00:00.000Z',
  to: '2026-11-20T08:00:00.000Z',
  samples: 288,
  truncated: false,
  transitions: [{ device_id: 'd1', device_name: 'Cold room sensor', transition: 'resolved', at: '2026-11-19T09:00:00.000Z', values: { temperature: 7.2 } }],
};

/** A promise that never settles: the loading state. */
export const pending = <T>(): Promise<T> => new Promise<T>(() => undefined);
export const failing = async (): Promise<never> => {
  throw new Error('offline');
};
