import type { FieldError } from '../../schemas/messages.js';
import type { RuleCondition } from '../../schemas/rules.js';
import { leavesOf } from './evaluate.js';
import { isTimeZone } from './schedule.js';

/**
 * What the schema cannot say about a condition: a comparison needs its threshold (a number where
 * it orders values), `between` an upper bound not below the lower, `changed_by` its Δ. Field
 * names are the leaf's place in the body, as the schema's own errors name fields
 * ("condition.conditions.1.conditions.0.value"), so a form shows both on the same input.
 */
export function conditionErrors(condition: RuleCondition): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const { path, leaf } of leavesOf({ condition })) {
    if (leaf.type !== 'topic' && leaf.type !== 'count') continue;
    const field = `condition.conditions.${path.split('.').join('.conditions.')}`;
    if (leaf.op === 'changed') continue;
    if (leaf.op === 'changed_by') {
      if (leaf.delta === undefined) errors[`${field}.delta`] = { code: 'required' };
      continue;
    }
    if (leaf.value === undefined) errors[`${field}.value`] = { code: 'required' };
    else if (leaf.op !== 'eq' && leaf.op !== 'ne' && typeof leaf.value !== 'number') errors[`${field}.value`] = { code: 'type', params: { type: 'number' } };
    if (leaf.op === 'between') {
      if (leaf.max === undefined) errors[`${field}.max`] = { code: 'required' };
      else if (typeof leaf.value === 'number' && leaf.max < leaf.value) errors[`${field}.max`] = { code: 'range_reversed' };
    }
  }
  return errors;
}

export function scheduleErrors(schedule: { time_zone: string } | null | undefined): Record<string, FieldError> {
  return schedule && !isTimeZone(schedule.time_zone) ? { 'schedule.time_zone': { code: 'time_zone_invalid' } } : {};
}
