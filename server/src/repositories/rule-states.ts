import { randomUUID } from 'node:crypto';
import type { Db, Dialect } from '../db/database.js';
import { prepare } from '../db/prepared.js';
import type { RuleMemory } from '../domain/rules/memory.js';
import type { TopicValue } from '../domain/topics.js';
import type { RuleTransition, TopicValues } from '../schemas/rules.js';
import { writeRuleActions, type EncodedDownlink, type RuleDevice } from './rule-actions.js';
import { toStoredRule, type StoredRule } from './rules.js';

/** A rule's stored state for a device: its memory and the version a write must find. */
export interface StoredState {
  memory: RuleMemory;
  version: number;
}

/** A rule's evaluation of one event, to be recorded if nobody moved its state meanwhile. */
export interface RuleStep {
  rule: StoredRule;
  device: RuleDevice;
  /** The state the evaluation started from; null when the device had none for the rule. */
  before: StoredState | null;
  memory: RuleMemory;
  transition: RuleTransition | null;
  values: TopicValues;
  at: string;
  downlinks: readonly (EncodedDownlink | null)[];
}

/** Where a device sits, for rule scopes. */
export interface DevicePlaceRow {
  unit_id: string | null;
  group_id: string | null;
  profile_id: string | null;
}

const parseValue = (text: string): TopicValue | undefined => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
};

/** The rule engine's reads and writes: enabled rules, a device's states, and each transition with its actions (migration 0030). */
export function ruleStatesRepository(db: Db, dialect: Dialect) {
  // Read on every event of a device whose company has rules: compiled once (see prepare).
  const deviceStates = prepare<[string], { rule_id: string; memory: string; version: number }>(db, 1, (deviceId) =>
    db.selectFrom('rule_states').select(['rule_id', 'memory', 'version']).where('device_id', '=', deviceId),
  );
  const place = prepare<[string], DevicePlaceRow>(db, 1, (deviceId) =>
    db
      .selectFrom('devices')
      .leftJoin('units', 'units.id', 'devices.unit_id')
      .select(['devices.unit_id', 'units.group_id', 'devices.profile_id'])
      .where('devices.id', '=', deviceId),
  );

  /** Moves the state from the version read to the next; false when another evaluation moved it first. */
  const claim = async (trx: Db, step: RuleStep): Promise<boolean> => {
    const row = {
      firing: step.memory.firing ? 1 : 0,
      since: step.memory.since,
      last_fired_at: step.memory.lastFiredAt,
      memory: JSON.stringify(step.memory),
      updated_at: step.at,
    };
    if (!step.before) {
      const inserted = await trx
        .insertInto('rule_states')
        .values({ rule_id: step.rule.id, device_id: step.device.id, ...row, version: 1 })
        .onConflict((oc) => oc.columns(['rule_id', 'device_id']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    const updated = await trx
      .updateTable('rule_states')
      .set({ ...row, version: step.before.version + 1 })
      .where('rule_id', '=', step.rule.id)
      .where('device_id', '=', step.device.id)
      .where('version', '=', step.before.version)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  };

  return {
    async enabledRules(companyId: string): Promise<StoredRule[]> {
      // In one order on every node: an event's state rows are then locked in the same order (no deadlock between nodes).
      const rows = await db.selectFrom('rules').selectAll().where('company_id', '=', companyId).where('enabled', '=', 1).orderBy('id').execute();
      return rows.map(toStoredRule);
    },

    /** Every company's enabled rules with a condition on time passing without uplinks (the maintenance sweep's). */
    async timedRules(): Promise<StoredRule[]> {
      const rows = await db.selectFrom('rules').selectAll().where('enabled', '=', 1).where('condition', 'like', '%"no_uplink"%').execute();
      return rows.map(toStoredRule);
    },

    async states(deviceId: string): Promise<Map<string, StoredState>> {
      const rows = await deviceStates(deviceId);
      return new Map(rows.map((row) => [row.rule_id, { memory: JSON.parse(row.memory) as RuleMemory, version: Number(row.version) }]));
    },

    async state(ruleId: string, deviceId: string): Promise<StoredState | null> {
      const row = await db
        .selectFrom('rule_states')
        .select(['memory', 'version'])
        .where('rule_id', '=', ruleId)
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      return row ? { memory: JSON.parse(row.memory) as RuleMemory, version: Number(row.version) } : null;
    },

    async place(deviceId: string): Promise<DevicePlaceRow | undefined> {
      return (await place(deviceId))[0];
    },

    /** The device's last values of these topics. */
    async knownValues(deviceId: string, topics: readonly string[]): Promise<Record<string, TopicValue>> {
      if (topics.length === 0) return {};
      const rows = await db
        .selectFrom('device_topics')
        .select(['topic', 'last_value'])
        .where('device_id', '=', deviceId)
        .where('topic', 'in', topics)
        .execute();
      const known: Record<string, TopicValue> = {};
      for (const row of rows) {
        const value = parseValue(row.last_value);
        if (value !== undefined) known[row.topic] = value;
      }
      return known;
    },

    /** Devices of a company that have sent nothing since `before`, with where they sit (the sweep's candidates). */
    async silentDevices(companyId: string, before: string) {
      return db
        .selectFrom('devices')
        .leftJoin('units', 'units.id', 'devices.unit_id')
        .leftJoin('profiles', 'profiles.id', 'devices.profile_id')
        .select([
          'devices.id',
          'devices.company_id',
          'devices.dev_eui',
          'devices.name',
          'devices.last_seen',
          'devices.battery_level',
          'devices.unit_id',
          'units.group_id',
          'devices.profile_id',
          'profiles.codec',
        ])
        .where('devices.company_id', '=', companyId)
        .where('devices.last_seen', '<=', before)
        .execute();
    },

    /**
     * Records the steps of one event in one transaction: each state moves only from the version
     * it was evaluated on; a transition is kept in the history and its actions are queued with it.
     * Answers the steps whose state another evaluation (on this node or another) moved first: the
     * caller evaluates those again. A step that loses changes nothing, so the others still commit.
     */
    async recordMany(steps: readonly RuleStep[]): Promise<Set<RuleStep>> {
      return db.transaction().execute(async (trx) => {
        const lost = new Set<RuleStep>();
        for (const step of steps) {
          if (!(await claim(trx, step))) {
            lost.add(step);
            continue;
          }
          if (!step.transition) continue;
          await trx
            .insertInto('rule_firings')
            .values({
              id: randomUUID(),
              rule_id: step.rule.id,
              company_id: step.device.company_id,
              device_id: step.device.id,
              transition: step.transition,
              at: step.at,
              readings: JSON.stringify(step.values),
            })
            .execute();
          await writeRuleActions(trx, dialect, { ...step, transition: step.transition });
        }
        return lost;
      });
    },
  };
}

export type RuleStatesRepository = ReturnType<typeof ruleStatesRepository>;
