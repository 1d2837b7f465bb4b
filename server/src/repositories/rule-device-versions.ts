import type { Db, Dialect } from '../db/database.js';

/**
 * The version of each device's rule states (migration 0038). Every transaction that writes a
 * device's states first takes the device's version row (`lock`, in device order on every node),
 * then moves it (`bump`): a node that finds the version it cached holds the device's states as
 * stored, and two nodes never write one device's states at once.
 */
export function ruleDeviceVersions(dialect: Dialect) {
  return {
    /**
     * The devices' versions (a device without a row has none yet). On PostgreSQL each row is
     * created (0) where missing and locked until the transaction ends, in device order; the insert
     * comes first because a read of no row would lock nothing. SQLite has one writer at a time.
     */
    async lock(trx: Db, deviceIds: readonly string[]): Promise<Map<string, number>> {
      const ordered = [...new Set(deviceIds)].sort();
      if (ordered.length === 0) return new Map();
      if (dialect === 'postgres') {
        await trx
          .insertInto('rule_device_versions')
          .values(ordered.map((device_id) => ({ device_id, version: 0 })))
          .onConflict((oc) => oc.column('device_id').doNothing())
          .execute();
      }
      let query = trx.selectFrom('rule_device_versions').select(['device_id', 'version']).where('device_id', 'in', ordered).orderBy('device_id');
      if (dialect === 'postgres') query = query.forUpdate();
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.device_id, Number(row.version)]));
    },

    /** Moves the versions of devices whose states this transaction wrote (after `lock`); answers the new ones (1 for a device that had none). */
    async bump(trx: Db, deviceIds: readonly string[]): Promise<Map<string, number>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await trx
        .insertInto('rule_device_versions')
        .values([...new Set(deviceIds)].sort().map((device_id) => ({ device_id, version: 1 })))
        .onConflict((oc) => oc.column('device_id').doUpdateSet((eb) => ({ version: eb('rule_device_versions.version', '+', 1) })))
        .returning(['device_id', 'version'])
        .execute();
      return new Map(rows.map((row) => [row.device_id, Number(row.version)]));
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
