import type { Plan } from './plans.js';
import type { CompanyRole } from './roles.js';

/**
 * The audit log per company (issue #15): the codes an entry is made of, how long a plan keeps
 * entries, and which fields of a change it records (shared with the console: no I/O here).
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'rotate_secret', 'join', 'import', 'downlink', 'flush_downlinks', 'sign_in'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RESOURCES = [
  'company',
  'membership',
  'invite',
  'tenant',
  'profile',
  'gateway',
  'device',
  'unit',
  'group',
  'dashboard',
  'widget',
  'webhook',
  'api_key',
  'user',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** The weakest role that may read a company's audit log (issue #15: admins and owners). */
export const AUDIT_READER_ROLE: CompanyRole = 'admin';

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Days a company's audit entries are kept, by plan. Longer than time series: an audit trail is
 * asked for months after the fact (a former employee's changes, a contractor's key).
 */
export const AUDIT_RETENTION_DAYS: Readonly<Record<Plan, number>> = { free: 31, basic: 90, pro: 366, premium: 1096, enterprise: 1096 };

/** A secret field is recorded as changed with this marker in place of its values. */
export const REDACTED = '[redacted]';

/** One field of an update: its value before and after (REDACTED for secrets). */
export interface AuditFieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** Field changes between two snapshots of a row; `secret` fields appear with REDACTED values, `ignored` ones never. */
export function fieldChanges(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  secret: readonly string[],
  ignored: readonly string[],
): AuditFieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditFieldChange[] = [];
  for (const field of fields) {
    if (ignored.includes(field)) continue;
    const old = before?.[field] ?? null;
    const next = after?.[field] ?? null;
    if (String(old) === String(next) && (old === null) === (next === null)) continue;
    if (secret.includes(field)) changes.push({ field, old: old === null ? null : REDACTED, new: next === null ? null : REDACTED });
    else changes.push({ field, old, new: next });
  }
  return changes;
}
