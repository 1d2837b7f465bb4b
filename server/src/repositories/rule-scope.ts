import type { Db } from '../db/database.js';
import type { TopicValue } from '../domain/topics.js';
import type { RuleScope } from '../schemas/rules.js';

/** At most this many devices of a scope are replayed by a preview or read for the form's topics. */
export const SCOPE_DEVICE_LIMIT = 500;

const TABLE_OF = { device: 'devices', unit: 'units', group: 'groups', profile: 'profiles', webhook: 'webhooks' } as const;

const parseValue = (text: string): TopicValue | null => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
};

/** What rules refer to, read for the API: whether a company owns a reference, a scope's devices, their recent data. */
export function ruleScopeRepository(db: Db) {
  const devicesIn = (companyId: string, scope: RuleScope, scopeId: string | null) => {
    let query = db.selectFrom('devices').leftJoin('units', 'units.id', 'devices.unit_id').where('devices.company_id', '=', companyId);
    if (scope === 'device') query = query.where('devices.id', '=', scopeId ?? '');
    if (scope === 'unit') query = query.where('devices.unit_id', '=', scopeId ?? '');
    if (scope === 'group') query = query.where('units.group_id', '=', scopeId ?? '');
    if (scope === 'profile') query = query.where('devices.profile_id', '=', scopeId ?? '');
    return query;
  };

  return {
    /** Whether the company owns the device, unit, group, profile or webhook. */
    async owns(companyId: string, kind: keyof typeof TABLE_OF, id: string): Promise<boolean> {
      const row = await db.selectFrom(TABLE_OF[kind]).select('id').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
      return row !== undefined;
    },

    async memberIds(companyId: string): Promise<string[]> {
      const rows = await db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).execute();
      return rows.map((row) => row.user_id);
    },

    async devices(companyId: string, scope: RuleScope, scopeId: string | null) {
      return devicesIn(companyId, scope, scopeId)
        .select(['devices.id', 'devices.name', 'devices.dev_eui', 'devices.battery_level'])
        .orderBy('devices.id')
        .limit(SCOPE_DEVICE_LIMIT)
        .execute();
    },

    /** The topics the scope's devices have, each with its most recent value. */
    async topics(companyId: string, scope: RuleScope, scopeId: string | null): Promise<{ topic: string; sample: TopicValue | null }[]> {
      const ids = devicesIn(companyId, scope, scopeId).select('devices.id').limit(SCOPE_DEVICE_LIMIT);
      const rows = await db
        .selectFrom('device_topics')
        .select(['topic', 'last_value', 'last_timestamp'])
        .where('device_id', 'in', ids)
        .orderBy('topic')
        .orderBy('last_timestamp', 'desc')
        .limit(5000)
        .execute();
      const latest = new Map<string, TopicValue | null>();
      for (const row of rows) if (!latest.has(row.topic)) latest.set(row.topic, parseValue(row.last_value));
      return [...latest].map(([topic, sample]) => ({ topic, sample }));
    },

    /** Samples of these topics since `since`, oldest first, at most `limit`. */
    async samples(deviceIds: readonly string[], topics: readonly string[], since: string, limit: number) {
      if (deviceIds.length === 0 || topics.length === 0) return [];
      const rows = await db
        .selectFrom('topic_samples')
        .select(['device_id', 'topic', 'ts', 'value'])
        .where('device_id', 'in', deviceIds)
        .where('topic', 'in', topics)
        .where('ts', '>=', since)
        .orderBy('ts')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ device_id: row.device_id, topic: row.topic, ts: row.ts, value: parseValue(row.value) }));
    },

    /** Network-server log events with a code since `since`, oldest first. */
    async logs(deviceIds: readonly string[], since: string, limit: number) {
      if (deviceIds.length === 0) return [];
      return db
        .selectFrom('device_events')
        .select(['device_id', 'created_at', 'code'])
        .where('device_id', 'in', deviceIds)
        .where('type', '=', 'log')
        .where('code', 'is not', null)
        .where('created_at', '>=', since)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
  };
}

export type RuleScopeRepository = ReturnType<typeof ruleScopeRepository>;
