import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterCountFolder } from '../../../server/src/jobs/filter-count-folder.js';
import { deviceFilterCountsRepository } from '../../../server/src/repositories/device-filter-counts.js';
import { filterOptionsRepository } from '../../../server/src/repositories/filter-options.js';
import type { Db } from '../../../server/src/db/database.js';
import { createCompany, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { filterCountChangesLeft } from '../helpers/filter-count-changes.js';
import { until } from '../helpers/mqtt-broker.js';
import { createTestApp, testDatabaseUrl, testDialect, type TestApp } from '../helpers/test-app.js';
import { signUp, type SignedIn } from '../helpers/users.js';

// PostgreSQL's filter-count changes (migration 0043) are folded batch after batch until none is left.
describe('the filter-count folder', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
  });
  afterAll(async () => t.close());

  const changesLeft = (db: Db = t.db) => filterCountChangesLeft(db);

  it('folds every change in batches, and the options say the same after', async () => {
    for (let n = 0; n < 5; n++) await insertDevice(t, { company_id: company, dev_eui: `A84041000000050${n}`, name: `Sensor ${n}`, power_source: 'external' });
    // 3 changes per device on PostgreSQL (profile, unit, power); none on SQLite, whose triggers count at once.
    const changes = await changesLeft();
    expect(changes).toBe(testDatabaseUrl ? 15 : 0);
    const folder = new FilterCountFolder(deviceFilterCountsRepository(t.db, testDialect), 4);
    expect(await folder.run()).toBe(changes);
    expect(await changesLeft()).toBe(0);
    expect(await filterOptionsRepository(t.db).options('device', 'power_status', { userId: owner.id, companyId: company })).toEqual([
      { value: 'external', label: 'external', count: 5 },
    ]);
    expect(await folder.run()).toBe(0);
    await folder.stop();
  });

  it('vacuums the changes after a run that folded many, on the database itself', async () => {
    for (let n = 5; n < 9; n++) await insertDevice(t, { company_id: company, dev_eui: `A84041000000050${n}`, name: `Sensor ${n}` });
    const folder = new FilterCountFolder(deviceFilterCountsRepository(t.db, testDialect), 5, 1);
    expect(await folder.run()).toBe(testDatabaseUrl ? 12 : 0);
    expect(await changesLeft()).toBe(0);
  });

  it.runIf(testDatabaseUrl)('is run by a PostgreSQL node with its data plane, which folds the changes by itself', async () => {
    const node = await createTestApp({ MQTT_PORT: '0' }, undefined, { dataPlane: true });
    try {
      const user = await signUp(node.app);
      const own = await createCompany(node, user, 'Folded');
      for (let n = 0; n < 3; n++) await insertDevice(node, { company_id: own, dev_eui: `A84041000000060${n}`, name: `Sensor ${n}` });
      // Its folder ticks every few seconds: the changes go without anyone asking.
      expect(await until(async () => (await changesLeft(node.db)) === 0, 60_000, 100)).toBe(true);
    } finally {
      await node.close();
    }
  });

  it('vacuums only after a run that folded at least its threshold', async () => {
    let vacuums = 0;
    let waiting = 5;
    // A single-layer test: the folder's rule, over changes that are only a number.
    const counts = {
      fold: async (limit: number) => {
        const folded = Math.min(limit, waiting);
        waiting -= folded;
        return folded;
      },
      vacuum: async () => {
        vacuums += 1;
      },
    };
    const folder = new FilterCountFolder(counts, 3, 5);
    expect(await folder.run()).toBe(5);
    expect(vacuums).toBe(1);
    waiting = 4;
    expect(await folder.run()).toBe(4);
    expect(vacuums).toBe(1);
  });
});
