import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db, type DatabaseHandle } from '../../../server/src/db/database.js';
import { powerStatus } from '../../../server/src/domain/power.js';
import { deviceFilterCountsRepository } from '../../../server/src/repositories/device-filter-counts.js';
import { filterOptionsRepository } from '../../../server/src/repositories/filter-options.js';
import { createRecord, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import { filterCountChangesLeft } from '../helpers/filter-count-changes.js';
import { testDatabaseUrl, testDialect, type TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

type Counts = Record<string, number>;
const FIELDS = { config: 'profile_id', unit: 'unit_id', power_status: 'power' } as const;
type Field = keyof typeof FIELDS;

// The filter options count devices from counts the database's triggers keep (migration 0043): on
// SQLite written at once, on PostgreSQL appended as changes and folded in later. Whatever writes a
// device, the options must say what counting the devices says, before and after a fold.
describe('the device counts behind the filter options', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let cellar: string;
  let roof: string;
  let door: string;
  let meter: string;
  let second: DatabaseHandle | undefined;

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    cellar = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Cellar' });
    roof = await createRecord(t, alice, '/api/unit/', { company_id: company, name: 'Roof' });
    door = await createRecord(t, alice, `/api/config/${company}`, { name: 'Door' });
    meter = await createRecord(t, alice, `/api/config/${company}`, { name: 'Meter' });
    if (testDatabaseUrl) {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema;
      second = await openDatabase({ databaseUrl: t.databaseUrl, pgSchema: schema });
    }
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  /** What the options say for the user's company, value → count. */
  async function options(user: SignedIn, companyId: string, field: Field): Promise<Counts> {
    const listed = (await filterOptionsRepository(t.db).options('device', field, { userId: user.id, companyId })) ?? [];
    return Object.fromEntries(listed.map((option) => [option.value, option.count]));
  }

  /** What counting the company's devices says, value → count (devices without a profile or unit are no option). */
  async function counted(companyId: string, field: Field): Promise<Counts> {
    const devices = await t.db
      .selectFrom('devices')
      .select(['profile_id', 'unit_id', 'power_source', 'battery_level'])
      .where('company_id', '=', companyId)
      .execute();
    const counts: Counts = {};
    for (const device of devices) {
      const value = field === 'power_status' ? powerStatus(device) : device[FIELDS[field]];
      if (value) counts[value] = (counts[value] ?? 0) + 1;
    }
    return counts;
  }

  /** Every option of both companies matches the devices, before a fold and after one. */
  async function expectCountsRight(): Promise<void> {
    for (const [user, companyId] of [
      [alice, company],
      [bob, bobCompany],
    ] as const) {
      for (const field of Object.keys(FIELDS) as Field[])
        expect(await options(user, companyId, field), `${field} before a fold`).toEqual(await counted(companyId, field));
    }
    await deviceFilterCountsRepository(t.db, testDialect).fold(1000);
    expect(await changesLeft()).toBe(0);
    for (const field of Object.keys(FIELDS) as Field[])
      expect(await options(alice, company, field), `${field} after a fold`).toEqual(await counted(company, field));
  }

  const changesLeft = (db: Db = t.db) => filterCountChangesLeft(db);

  const device = (
    n: number,
    fields: { unit_id?: string | null; profile_id?: string | null; power_source?: 'battery' | 'external'; battery_level?: number | null },
  ) => insertDevice(t, { company_id: company, dev_eui: `A8404100000002${String(n).padStart(2, '0')}`, name: `Sensor ${n}`, ...fields });

  it('follow a device created, moved, given another profile, its battery low and back, given to another company and deleted', async () => {
    const a = await device(1, { unit_id: cellar, profile_id: door, power_source: 'battery', battery_level: 50 });
    const b = await device(2, { unit_id: cellar, profile_id: meter, power_source: 'external' });
    await device(3, {});
    await expectCountsRight();

    await t.db.updateTable('devices').set({ unit_id: roof }).where('id', '=', a).execute();
    await t.db.updateTable('devices').set({ profile_id: meter }).where('id', '=', a).execute();
    await expectCountsRight();

    await t.db.updateTable('devices').set({ battery_level: 19 }).where('id', '=', a).execute();
    expect(await options(alice, company, 'power_status')).toEqual({ battery_low: 1, external: 1, unknown: 1 });
    await t.db.updateTable('devices').set({ battery_level: 20 }).where('id', '=', a).execute();
    expect(await options(alice, company, 'power_status')).toEqual({ battery: 1, external: 1, unknown: 1 });
    await expectCountsRight();

    // An uplink's writes, and a battery level that stays in its status, change no count.
    await t.db.updateTable('devices').set({ last_seen: t.clock.now().toISOString(), battery_level: 80 }).where('id', '=', a).execute();
    expect(await changesLeft()).toBe(0);

    await t.db.updateTable('devices').set({ company_id: bobCompany, unit_id: null, profile_id: null }).where('id', '=', b).execute();
    await expectCountsRight();
    expect(await options(bob, bobCompany, 'power_status')).toEqual({ external: 1 });

    await t.db.deleteFrom('devices').where('id', '=', a).execute();
    await expectCountsRight();
    expect(await options(alice, company, 'unit')).toEqual({});
  });

  it('follow a unit and a profile deleted (their devices keep none) and a company deleted', async () => {
    for (let n = 10; n < 16; n++)
      await device(n, { unit_id: n % 2 ? cellar : roof, profile_id: n % 3 ? door : meter, power_source: 'battery', battery_level: n });
    await expectCountsRight();
    expect((await call(t.app, alice, 'DELETE', `/api/unit/${roof}/`)).statusCode).toBe(204);
    expect((await call(t.app, alice, 'DELETE', `/api/config/${company}/${meter}`)).statusCode).toBe(204);
    await expectCountsRight();
    expect(await options(alice, company, 'unit')).toEqual({ [cellar]: 3 });

    await t.db.deleteFrom('companies').where('id', '=', company).execute();
    await deviceFilterCountsRepository(t.db, testDialect).fold(1000);
    expect(await t.db.selectFrom('device_filter_counts').select('value').where('company_id', '=', company).execute()).toEqual([]);
  });

  it.runIf(testDatabaseUrl)('on PostgreSQL, let two transactions add devices to one company, meeting its units in opposite orders, both commit', async () => {
    const other = second as DatabaseHandle;
    const place = await createCompany(bob, 'Orchard');
    const [north, south] = [
      await createRecord(t, bob, '/api/unit/', { company_id: place, name: 'North' }),
      await createRecord(t, bob, '/api/unit/', { company_id: place, name: 'South' }),
    ];
    const add = (db: Db, n: number, unit: string) =>
      db
        .insertInto('devices')
        .values({
          id: crypto.randomUUID(),
          company_id: place,
          dev_eui: `A8404100000003${n}`,
          name: `Tree ${n}`,
          app_key: 'A'.repeat(32),
          unit_id: unit,
          power_source: 'unknown',
          created_at: t.clock.now().toISOString(),
        })
        .execute();
    let firstAdded!: () => void;
    let secondAdded!: () => void;
    const firstDone = new Promise<void>((resolve) => (firstAdded = resolve));
    const secondDone = new Promise<void>((resolve) => (secondAdded = resolve));
    // Each holds what it wrote until it commits: counts updated in place would deadlock here.
    const one = t.db.transaction().execute(async (trx) => {
      await add(trx, 10, north);
      firstAdded();
      await secondDone;
      await add(trx, 11, south);
    });
    const two = other.db.transaction().execute(async (trx) => {
      await firstDone;
      await add(trx, 20, south);
      secondAdded();
      await add(trx, 21, north);
    });
    await Promise.all([one, two]);
    expect(await options(bob, place, 'unit')).toEqual({ [north]: 2, [south]: 2 });
  });

  it('fold each change once while two folds run side by side', async () => {
    const place = await createCompany(bob, 'Vineyard');
    const rows = [
      await createRecord(t, bob, '/api/unit/', { company_id: place, name: 'Row 1' }),
      await createRecord(t, bob, '/api/unit/', { company_id: place, name: 'Row 2' }),
    ];
    const ids: string[] = [];
    for (let n = 0; n < 60; n++)
      ids.push(await insertDevice(t, { company_id: place, dev_eui: `A840410000004${String(n).padStart(3, '0')}`, name: `Vine ${n}`, unit_id: rows[n % 2] }));
    for (const [n, id] of ids.entries())
      await t.db
        .updateTable('devices')
        .set({ unit_id: rows[(n + 1) % 2] })
        .where('id', '=', id)
        .execute();
    await t.db.deleteFrom('devices').where('id', 'in', ids.slice(0, 10)).execute();
    const foldAll = async (db: Db) => {
      let folded = 0;
      for (let batch = -1; batch !== 0; folded += batch) batch = await deviceFilterCountsRepository(db, testDialect).fold(7);
      return folded;
    };
    // PostgreSQL: 3 changes for each device added or deleted, 2 for each moved (and what tests before left).
    const changes = await changesLeft();
    expect(changes).toBeGreaterThanOrEqual(testDatabaseUrl ? 60 * 3 + 60 * 2 + 10 * 3 : 0);
    const [byOne, byTwo] = await Promise.all([foldAll(t.db), foldAll(second?.db ?? t.db)]);
    expect(byOne + byTwo).toBe(changes);
    expect(await changesLeft()).toBe(0);
    expect(await options(bob, place, 'unit')).toEqual(await counted(place, 'unit'));
  });

  const createCompany = (user: SignedIn, name: string) => createRecord(t, user, '/api/company/', { name });
});
