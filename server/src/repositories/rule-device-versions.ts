import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import { repeated, textsPerCount } from '../db/texts-per-count.js';

type VersionRow = { device_id: string; version: number | string };

/**
 * The version of each device's rule states (migration 0038). Every transaction that writes a
 * device's states first takes the device's version row (`lock`, in device order on every node),
 * then moves it (`bump`): a node that finds the version it cached holds the device's states as
 * stored, and two nodes never write one device's states at once.
 */
export function ruleDeviceVersions(dialect: Dialect) {
  // Run on every uplink batch of a company with rules: their texts are built once per device count.
  const create = textsPerCount(
    dialect,
    (rows, p) => `insert into rule_device_versions (device_id, version) values ${repeated(rows, () => `(${p()}, 0)`)} on conflict (device_id) do nothing`,
  );
  const read = textsPerCount(
    dialect,
    (rows, p) =>
      `select device_id, version from rule_device_versions where device_id in (${repeated(rows, p)}) order by device_id` +
      (dialect === 'postgres' ? ' for update' : ''),
  );
  const move = textsPerCount(
    dialect,
    (rows, p) =>
      `insert into rule_device_versions (device_id, version) values ${repeated(rows, () => `(${p()}, 1)`)} ` +
      'on conflict (device_id) do update set version = rule_device_versions.version + 1 returning device_id, version',
  );
  const versionsOf = (rows: readonly VersionRow[]) => new Map(rows.map((row) => [row.device_id, Number(row.version)]));

  return {
    /**
     * The devices' versions (a device without a row has none yet). On PostgreSQL each row is
     * created (0) where missing and locked until the transaction ends, in device order; the insert
     * comes first because a read of no row would lock nothing. SQLite has one writer at a time.
     */
    async lock(trx: Db, deviceIds: readonly string[]): Promise<Map<string, number>> {
      const ordered = [...new Set(deviceIds)].sort();
      if (ordered.length === 0) return new Map();
      if (dialect === 'postgres') await trx.executeQuery(CompiledQuery.raw(create(ordered.length), ordered));
      return versionsOf((await trx.executeQuery<VersionRow>(CompiledQuery.raw(read(ordered.length), ordered))).rows);
    },

    /** Moves the versions of devices whose states this transaction wrote (after `lock`); answers the new ones (1 for a device that had none). */
    async bump(trx: Db, deviceIds: readonly string[]): Promise<Map<string, number>> {
      if (deviceIds.length === 0) return new Map();
      const ordered = [...new Set(deviceIds)].sort();
      return versionsOf((await trx.executeQuery<VersionRow>(CompiledQuery.raw(move(ordered.length), ordered))).rows);
    },

    /** Before a rule's states are deleted (its condition changed): the versions of the devices that had one move, locked in device order. */
    async bumpForRule(trx: Db, ruleId: string): Promise<void> {
      const devices = trx.selectFrom('rule_states').select('device_id').where('rule_id', '=', ruleId);
      if (dialect === 'postgres') {
        await trx.selectFrom('rule_device_versions').select('device_id').where('device_id', 'in', devices).orderBy('device_id').forUpdate().execute();
      }
      await trx
        .updateTable('rule_device_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('device_id', 'in', devices)
        .execute();
    },
  };
}

export type RuleDeviceVersions = ReturnType<typeof ruleDeviceVersions>;
