import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { deviceHistoryRepository } from '../../../server/src/repositories/device-history.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { indexDefinition } from '../helpers/index-definition.js';
import { testDatabaseUrl } from '../helpers/test-app.js';

const AT = '2026-11-29T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const DEVICE = '00000000-0000-4000-8000-000000000101';
const TOPICS = ['battery', 'humidity', 'temperature'];
const at = (minute: number) => new Date(Date.parse(AT) + minute * 60_000).toISOString();

// The time series keyed by device, time, topic on SQLite (issue #23): an uplink's samples side by side.
describe('migration 0046_time_series_by_uplink', () => {
  let database: DatabaseHandle;
  const sqlite = !testDatabaseUrl;

  const definition = () => indexDefinition(database, 'topic_samples_series_idx');
  /** SQLite's plan for one topic's samples of a device in a time range, newest first. */
  const plan = async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan select ts, value from topic_samples
      where device_id = ${DEVICE} and topic = 'humidity' and ts >= ${at(0)} order by ts desc`.execute(database.db);
    return rows.map((row) => row.detail).join(' | ');
  };
  const humidity = async () => (await deviceHistoryRepository(database.db, database.dialect).topicSeries(DEVICE, 'humidity', 3)).map((point) => point.value);

  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0045_device_filter_search_columns');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Orchard', ${AT})`.execute(db);
    await sql`insert into devices (id, company_id, dev_eui, name, app_key, created_at) values (${DEVICE}, ${COMPANY}, 'A840410000000001', 'Cellar', ${'A'.repeat(32)}, ${AT})`.execute(
      db,
    );
    for (let minute = 0; minute < 10; minute++) {
      for (const [n, topic] of TOPICS.entries()) {
        await sql`insert into topic_samples (device_id, topic, ts, value) values (${DEVICE}, ${topic}, ${at(minute)}, ${String(minute * 10 + n)})`.execute(db);
      }
    }
    await migrateTo(db, '0046_time_series_by_uplink');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keys the series by device, time, then topic on SQLite and reads one topic along it; PostgreSQL keeps 0002', async () => {
    if (sqlite) {
      expect(await definition()).toContain('(device_id, ts, topic)');
      expect(await plan()).toContain('USING INDEX topic_samples_series_idx (device_id=? AND ts>?)');
    } else {
      expect(await definition()).toContain('(device_id, topic, ts)');
    }
    expect(await humidity()).toEqual([71, 81, 91]);
  });

  it('goes down to 0002’s index and up again, the samples unchanged', async () => {
    await migrateTo(database.db, '0045_device_filter_search_columns');
    expect(await definition()).toContain('(device_id, topic, ts)');
    expect(await humidity()).toEqual([71, 81, 91]);
    await migrateTo(database.db, '0046_time_series_by_uplink');
    if (sqlite) expect(await definition()).toContain('(device_id, ts, topic)');
  });
});
