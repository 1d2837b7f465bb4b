import type { AppContext } from '../context.js';
import { conditionErrors, scheduleErrors } from '../domain/rules/validate.js';
import { invalid } from '../http/errors.js';
import type { FieldError } from '../schemas/messages.js';
import type { RuleAction, RuleCondition, RuleSchedule, RuleScope } from '../schemas/rules.js';
import { parsePayload } from '../dataplane/codec/index.js';
import { networkServerRequired } from './network-errors.js';

const SCOPE_ERROR = { device: 'no_such_device', unit: 'no_such_unit', group: 'no_such_group', profile: 'no_such_profile' } as const;

export interface RuleParts {
  scope?: RuleScope | undefined;
  scope_id?: string | null | undefined;
  condition?: RuleCondition | undefined;
  schedule?: RuleSchedule | null | undefined;
  actions?: RuleAction[] | undefined;
}

/**
 * Checks what a rule refers to against its company: the scope's device, unit, group or profile,
 * the webhook, the named members; and what the schema cannot check (thresholds, the time zone,
 * the bytes of a downlink). A downlink needs a network server (409 in standalone mode).
 */
export async function checkRule(ctx: AppContext, companyId: string, rule: RuleParts): Promise<void> {
  const { ruleScope } = ctx.repos;
  const errors: Record<string, FieldError> = {
    ...(rule.condition ? conditionErrors(rule.condition) : {}),
    ...scheduleErrors(rule.schedule),
  };
  if (rule.scope && rule.scope !== 'company') {
    if (!rule.scope_id) errors.scope_id = { code: 'required' };
    else if (!(await ruleScope.owns(companyId, rule.scope, rule.scope_id))) errors.scope_id = { code: SCOPE_ERROR[rule.scope] };
  }
  const members = rule.actions?.some((action) => action.type === 'notification' || action.type === 'email') ? await ruleScope.memberIds(companyId) : [];
  for (const [i, action] of (rule.actions ?? []).entries()) {
    if (action.type === 'webhook' && !(await ruleScope.owns(companyId, 'webhook', action.webhook_id))) {
      errors[`actions.${i}.webhook_id`] = { code: 'no_such_webhook' };
    }
    if ((action.type === 'notification' || action.type === 'email') && action.members !== 'all' && action.members.some((id) => !members.includes(id))) {
      errors[`actions.${i}.members`] = { code: 'not_a_member' };
    }
    if (action.type === 'downlink') {
      if (ctx.networkServer.mode === 'standalone') throw networkServerRequired();
      if (action.encoding !== 'json' && !parsePayload(action.payload, action.encoding)) errors[`actions.${i}.payload`] = { code: 'payload_invalid' };
      if (action.encoding !== 'json' && action.f_port === undefined) errors[`actions.${i}.f_port`] = { code: 'required' };
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
