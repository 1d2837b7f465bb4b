import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceFilterCondition } from '../../../server/src/repositories/device-filter.js';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import { createCompany, insertDevice, oneCompany } from '../helpers/fixtures.js';
import { signUp } from '../helpers/users.js';
import { testDatabaseUrl, testDialect, type TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

const ZEROS = '0000000000000000';

// The device list's search (issue #20) finds what a LIKE on the name, DevEUI and JoinEUI finds, on
// both databases. On SQLite the trigram index of migration 0041 narrows it first: these searches,
// of 1 to 8 characters, with wildcards, quotes and FTS5 words, across a word's space, in capitals,
// answer exactly the LIKE's rows, also after renames, new EUIs, deletions and a VACUUM.
describe('the device list’s search, with and without the index', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  let other: string;
  const ids = new Map<string, string>();

  const SEARCHES = ['temp', 'TEMP', 'emp', 'te', 'e', 'a84', 'A8404', '4041', 'küche', 'ÜCHE', 'üc', '50%', '10_', '"q', 'x"y', "o'c", '1*2'];
  const MORE = ['0000', '00000', 'b000', ' p 1 ', 'p 1', 'NOT', 'and', 'zzz', '70b3', 'd5', 'cellar', 'Door 1'];

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    other = await createCompany(t, await signUp(t.app), 'Elsewhere');
    const rows: [string, string, string][] = [
      ['Temp 1', 'A840410000000001', ZEROS],
      ['Temperature cellar', 'A840410000000002', '70B3D57ED0000001'],
      ['Küche Süd', 'A840410000000003', ZEROS],
      ['Door 10', '70B3D5B000000004', 'A8404100FFFF0001'],
      ['Load 50% 10_a', 'A840410000000005', ZEROS],
      ['Said "quote" x"y', 'A840410000000006', ZEROS],
      ["o'clock 1*2 NOT and", 'A840410000000007', 'B000000000000007'],
      ['', '00000000000000D5', ZEROS],
    ];
    for (const [name, devEui, joinEui] of rows)
      ids.set(name, await insertDevice(t, { company_id: company, dev_eui: devEui, join_eui: joinEui, name, last_seen: null }));
  });
  afterAll(async () => t.close());

  /** What the list answers for `search`, in name order. */
  const listed = async (search: string) =>
    (await devicesRepository(t.db).list(owner.id, { companyId: company, search }, { ordering: 'name', limit: 100, offset: 0, exactCount: true })).results.map(
      (device) => device.id,
    );
  /** What the LIKE alone (the condition without the index) selects, in the same order. */
  const likeOnly = async (search: string) =>
    (
      await t.db
        .selectFrom('devices')
        .select('devices.id')
        .where((eb) => deviceFilterCondition(eb, { companyId: company, search: search.trim() }, testDialect, false))
        .orderBy('devices.name')
        .orderBy('devices.id')
        .execute()
    ).map((row) => row.id);

  const expectSameAsLike = async () => {
    for (const search of [...SEARCHES, ...MORE]) expect({ search, ids: await listed(search.trim()) }).toEqual({ search, ids: await likeOnly(search) });
  };

  it('answers the LIKE’s devices for every search', async () => {
    await expectSameAsLike();
    expect(await listed('temp')).toHaveLength(2);
    expect(await listed('A8404')).toHaveLength(7);
    // Not the JoinEUI of zeros: 'b000' is in one DevEUI and one JoinEUI, '00000' in every DevEUI.
    expect(await listed('b000')).toHaveLength(2);
    expect(await listed('00000')).toHaveLength(8);
    expect(await listed('x"y')).toEqual([ids.get('Said "quote" x"y')]);
    expect(await listed('50%')).toEqual([ids.get('Load 50% 10_a')]);
  });

  it('follows renames, new EUIs, deletions and devices of another company', async () => {
    await t.db
      .updateTable('devices')
      .set({ name: 'Tempest' })
      .where('id', '=', ids.get('Door 10') as string)
      .execute();
    await t.db
      .updateTable('devices')
      .set({ join_eui: ZEROS })
      .where('id', '=', ids.get('Temperature cellar') as string)
      .execute();
    await t.db
      .updateTable('devices')
      .set({ join_eui: '70B3D57ED0000009', dev_eui: 'C0FFEE0000000001' })
      .where('id', '=', ids.get('Temp 1') as string)
      .execute();
    await t.db.updateTable('devices').set({ last_seen: '2026-11-28T10:00:00.000Z' }).where('company_id', '=', company).execute();
    await t.db
      .deleteFrom('devices')
      .where('id', '=', ids.get('Küche Süd') as string)
      .execute();
    await insertDevice(t, { company_id: other, dev_eui: 'A840410000000099', name: 'Temp elsewhere' });
    await expectSameAsLike();
    expect(await listed('tempest')).toEqual([ids.get('Door 10')]);
    expect(await listed('70b3d57')).toEqual([ids.get('Temp 1')]);
    expect(await listed('küche')).toEqual([]);
  });

  it.skipIf(Boolean(testDatabaseUrl))('keeps finding them after a VACUUM renumbers what it may (SQLite)', async () => {
    await sql`vacuum`.execute(t.db);
    await expectSameAsLike();
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from devices where ${sql.raw('devices.id in (select device_id from device_search_rows where rowid in (select rowid from devices_fts where devices_fts match \'"temp"\'))')}`.execute(
      t.db,
    );
    expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
  });
});
