import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import { prepare } from '../db/prepared.js';
import type { RuleMemory } from '../domain/rules/memory.js';
import { memoryJson, parseMemory } from '../domain/rules/memory-json.js';
import type { TopicValue } from '../domain/topics.js';
import type { RuleTransition, TopicValues } from '../schemas/rules.js';
import { ruleDeviceVersions } from './rule-device-versions.js';
import { stateUpsert } from './rule-state-writes.js';
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

/** A device as rules see it: what their actions name, its codec (downlinks), battery and where it sits (scopes). */
export interface RuleEvaluatedDevice extends RuleDevice {
  codec: string | null;
  battery_level: number | null;
  last_seen: string | null;
  unit_id: string | null;
  group_id: string | null;
  profile_id: string | null;
}

/** A new uplink as the rule engine evaluates it: its time and its values by topic. */
export interface RuleUplink {
  device: RuleEvaluatedDevice;
  at: string;
  readings: Readonly<Record<string, TopicValue>>;
}

/** The rule engine's part of an uplink batch (uplink-writer.ts). */
export interface RuleStage {
  /** Evaluates the rules of new uplinks (in their order) in the batch's transaction and writes what changed; answers what to do once it committed. */
  evaluate(trx: Db, uplinks: readonly RuleUplink[]): Promise<() => void>;
  /** An evaluation that failed: reported, and the uplink is stored without it. */
  failed(error: unknown): void;
}

/** A rule's new state for a device, moving from the version its evaluation read (0: it had none). */
export interface StateWrite {
  ruleId: string;
  deviceId: string;
  memory: RuleMemory;
  /** The version the evaluation started from; 0 when the device had no state for the rule. */
  fromVersion: number;
  at: string;
}

/** A transition to keep in the history, with its actions queued in the same transaction. */
export type RecordedTransition = Pick<RuleStep, 'rule' | 'device' | 'values' | 'at' | 'downlinks'> & { transition: RuleTransition };

export const stateKey = (ruleId: string, deviceId: string): string => `${ruleId}\u0000${deviceId}`;

const parseValue = (text: string): TopicValue | undefined => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : undefined;
};

/** State rows per upsert: 8 values each, far below either database's parameter limit. */
const WRITE_CHUNK = 400;

const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const firingRow = (transition: RecordedTransition) => ({
  id: randomUUID(),
  rule_id: transition.rule.id,
  company_id: transition.device.company_id,
  device_id: transition.device.id,
  transition: transition.transition,
  at: transition.at,
  readings: JSON.stringify(transition.values),
});

/** The rule engine's reads and writes: enabled rules, a device's states, and each transition with its actions (migration 0030). */
export function ruleStatesRepository(db: Db, dialect: Dialect) {
  const versions = ruleDeviceVersions(dialect);
  const upsert = stateUpsert(dialect);
  // Read on every event of a device whose company has rules: compiled once (see prepare).
  const deviceStates = prepare<[string], { rule_id: string; memory: string; version: number }>(db, 1, (deviceId) =>
    db.selectFrom('rule_states').select(['rule_id', 'memory', 'version']).where('device_id', '=', deviceId),
  );

  /**
   * SQLite: writes the states and answers true when every write held, counted without RETURNING
   * (the common case); otherwise undoes them to the savepoint, for the caller to write them again
   * with their keys returned. PostgreSQL's RETURNING costs little beside its round trips.
   */
  const allHold = async (trx: Db, writes: readonly StateWrite[]): Promise<boolean> => {
    await trx.executeQuery(CompiledQuery.raw('savepoint rule_states_write'));
    const { numAffectedRows } = await trx.executeQuery(upsert.counted(writes));
    const held = Number(numAffectedRows ?? 0) === writes.length;
    if (!held) await trx.executeQuery(CompiledQuery.raw('rollback to savepoint rule_states_write'));
    await trx.executeQuery(CompiledQuery.raw('release savepoint rule_states_write'));
    return held;
  };

  /** Moves the state from the version read to the next; false when another evaluation moved it first. */
  const claim = async (trx: Db, step: RuleStep): Promise<boolean> => {
    const row = {
      firing: step.memory.firing ? 1 : 0,
      since: step.memory.since,
      last_fired_at: step.memory.lastFiredAt,
      memory: memoryJson(step.memory),
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
    /** `trx`: read inside a transaction that holds the connection (one SQLite connection would otherwise wait on itself). */
    async enabledRules(companyId: string, trx: Db = db): Promise<StoredRule[]> {
      // In one order on every node: an event's state rows are then locked in the same order (no deadlock between nodes).
      const rows = await trx.selectFrom('rules').selectAll().where('company_id', '=', companyId).where('enabled', '=', 1).orderBy('id').execute();
      return rows.map(toStoredRule);
    },

    /** Every company's enabled rules with a condition on time passing without uplinks (the maintenance sweep's). */
    async timedRules(): Promise<StoredRule[]> {
      const rows = await db.selectFrom('rules').selectAll().where('enabled', '=', 1).where('condition', 'like', '%"no_uplink"%').execute();
      return rows.map(toStoredRule);
    },

    async states(deviceId: string): Promise<Map<string, StoredState>> {
      const rows = await deviceStates(deviceId);
      return new Map(rows.map((row) => [row.rule_id, { memory: parseMemory(row.memory), version: Number(row.version) }]));
    },

    /** `trx` with `lock`: the row stays locked (PostgreSQL) until the transaction ends, so the version read is the one a write finds. */
    async state(ruleId: string, deviceId: string, trx: Db = db, lock = false): Promise<StoredState | null> {
      let query = trx.selectFrom('rule_states').select(['memory', 'version']).where('rule_id', '=', ruleId).where('device_id', '=', deviceId);
      if (lock && dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? { memory: parseMemory(row.memory), version: Number(row.version) } : null;
    },

    /** The versions of these devices' states, locked until the transaction ends (rule-device-versions.ts). */
    lockVersions: versions.lock,
    /** Moves the versions of the devices whose states the transaction wrote; answers the new ones. */
    bumpVersions: versions.bump,

    /**
     * The states of these devices by device and rule, read in a batch's transaction and locked
     * there on PostgreSQL (in one order on every node) until it commits.
     */
    async statesOf(trx: Db, deviceIds: readonly string[]): Promise<Map<string, Map<string, StoredState>>> {
      const states = new Map<string, Map<string, StoredState>>();
      if (deviceIds.length === 0) return states;
      let query = trx
        .selectFrom('rule_states')
        .select(['rule_id', 'device_id', 'memory', 'version'])
        .where('device_id', 'in', deviceIds)
        .orderBy('device_id')
        .orderBy('rule_id');
      if (dialect === 'postgres') query = query.forUpdate();
      for (const row of await query.execute()) {
        let device = states.get(row.device_id);
        if (!device) states.set(row.device_id, (device = new Map()));
        device.set(row.rule_id, { memory: parseMemory(row.memory), version: Number(row.version) });
      }
      return states;
    },

    /** The last values of these topics on these devices, by device. */
    async knownValuesOf(trx: Db, deviceIds: readonly string[], topics: readonly string[]): Promise<Map<string, Record<string, TopicValue>>> {
      const known = new Map<string, Record<string, TopicValue>>();
      if (deviceIds.length === 0 || topics.length === 0) return known;
      const rows = await trx
        .selectFrom('device_topics')
        .select(['device_id', 'topic', 'last_value'])
        .where('device_id', 'in', deviceIds)
        .where('topic', 'in', topics)
        .execute();
      for (const row of rows) {
        const value = parseValue(row.last_value);
        if (value === undefined) continue;
        const values = known.get(row.device_id) ?? {};
        values[row.topic] = value;
        known.set(row.device_id, values);
      }
      return known;
    },

    /**
     * Writes the new states of a batch in one statement. Each state moves only from the version its
     * evaluation read (a new one only where none exists); answers the keys that did not, because
     * another evaluation moved or created the state first.
     */
    async writeStates(trx: Db, writes: readonly StateWrite[]): Promise<Set<string>> {
      const lost = new Set<string>();
      const ordered = [...writes].sort((a, b) => compareKeys(a.deviceId, b.deviceId) || compareKeys(a.ruleId, b.ruleId));
      for (let i = 0; i < ordered.length; i += WRITE_CHUNK) {
        const part = ordered.slice(i, i + WRITE_CHUNK);
        if (dialect === 'sqlite' && (await allHold(trx, part))) continue;
        const written = await trx.executeQuery(upsert.returning(part));
        // Nearly always every write holds: the keys are compared only when some did not.
        if (written.rows.length === part.length) continue;
        const held = new Set(written.rows.map((row) => stateKey(row.rule_id, row.device_id)));
        for (const write of part) if (!held.has(stateKey(write.ruleId, write.deviceId))) lost.add(stateKey(write.ruleId, write.deviceId));
      }
      return lost;
    },

    /** Keeps transitions in the history (one statement) and queues each one's actions, in the caller's transaction. */
    async recordTransitions(trx: Db, transitions: readonly RecordedTransition[]): Promise<void> {
      if (transitions.length === 0) return;
      await trx.insertInto('rule_firings').values(transitions.map(firingRow)).execute();
      for (const transition of transitions) await writeRuleActions(trx, dialect, transition);
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
     * The devices' versions are taken first and moved where a state was written, as the batch does.
     */
    async recordMany(steps: readonly RuleStep[]): Promise<Set<RuleStep>> {
      return db.transaction().execute(async (trx) => {
        await versions.lock(
          trx,
          steps.map((step) => step.device.id),
        );
        const lost = new Set<RuleStep>();
        const written = new Set<string>();
        for (const step of steps) {
          if (!(await claim(trx, step))) {
            lost.add(step);
            continue;
          }
          written.add(step.device.id);
          if (!step.transition) continue;
          await trx
            .insertInto('rule_firings')
            .values(firingRow({ ...step, transition: step.transition }))
            .execute();
          await writeRuleActions(trx, dialect, { ...step, transition: step.transition });
        }
        await versions.bump(trx, [...written]);
        return lost;
      });
    },
  };
}

export type RuleStatesRepository = ReturnType<typeof ruleStatesRepository>;
