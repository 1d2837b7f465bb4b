import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_CACHE_KIB, type DatabaseHandle } from '../../../server/src/db/database.js';
import { loadConfig } from '../../../server/src/config.js';
import { isDatabaseUnavailable } from '../../../server/src/db/errors.js';
import { migrateToLatest } from '../../../server/src/db/migrate.js';
import { ReadPool, type ReadWorkerData } from '../../../server/src/db/read-pool.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';
import { createCompany } from '../helpers/fixtures.js';
import { createTestApp, testDatabaseUrl, type TestAppWithReads } from '../helpers/test-app.js';

/**
 * A read that keeps its worker busy for seconds (ten million steps of SQLite's C code), far
 * longer than the requests a test runs beside it on the main thread. On the main connection it
 * would hold the event loop for all that time, so nothing beside it could answer first.
 */
const SLOW = 'with recursive n(x) as (select 1 union all select x + 1 from n where x < 10000000) select count(*) as c from n';

/** The outcome of a promise, readable without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

const deviceBody = (companyId: string, i: number) => ({
  company_id: companyId,
  dev_eui: `70B3D57ED00000${String(i).padStart(2, '0')}`,
  app_key: 'A'.repeat(32),
  name: `sensor ${i}`,
});

describe('SQLITE_READ_WORKERS', () => {
  it('defaults to 2, takes 0 to read on the main connection, refuses a negative count', () => {
    expect(loadConfig({}).sqliteReadWorkers).toBe(2);
    expect(loadConfig({ SQLITE_READ_WORKERS: '0' }).sqliteReadWorkers).toBe(0);
    expect(() => loadConfig({ SQLITE_READ_WORKERS: '-1' })).toThrow('SQLITE_READ_WORKERS must be an integer ≥ 0');
  });
});

// In-memory databases cannot be shared with workers, and PostgreSQL keeps its own pool.
describe.skipIf(testDatabaseUrl !== undefined)('SQLite reads in worker threads', () => {
  describe('the app on a SQLite file with read workers', () => {
    let t: TestAppWithReads;
    let owner: SignedIn;
    let companyId: string;
    beforeEach(async () => {
      t = await createTestApp({}, undefined, { readWorkers: 1 });
      owner = await signUp(t.app);
      companyId = await createCompany(t, owner, 'Acme');
    });
    afterEach(async () => t.close());

    it('answers from the pool what the main connection answers, own writes included', async () => {
      expect(t.reads).not.toBe(t.db);
      for (let i = 0; i < 5; i++) expect((await call(t.app, owner, 'POST', '/api/device/', deviceBody(companyId, i))).statusCode).toBe(201);
      const query = (db: TestAppWithReads['db']) =>
        db
          .selectFrom('devices')
          .select(['id', 'name', 'dev_eui', 'battery_level', sql<number>`length(app_key)`.as('key_length')])
          .where('company_id', '=', companyId)
          .where('name', 'like', 'sensor %')
          .where('battery_level', 'is', null)
          .orderBy('dev_eui')
          .limit(4)
          .execute();
      const fromPool = await query(t.reads);
      expect(fromPool).toHaveLength(4);
      expect(fromPool).toEqual(await query(t.db));
      // The filtered list and the search read in the pool, and see the devices just created.
      const list = (await call(t.app, owner, 'GET', '/api/device/?search=sensor&ordering=name')).json<Page<{ name: string }>>();
      expect(list.count).toBe(5);
      expect(list.results.map((d) => d.name)).toEqual(['sensor 0', 'sensor 1', 'sensor 2', 'sensor 3', 'sensor 4']);
      const found = (await call(t.app, owner, 'GET', '/api/search/?q=sensor')).json<{ results: { name?: string }[] }>();
      expect(found.results.filter((r) => r.name?.startsWith('sensor'))).toHaveLength(5);
    });

    it('leaves the event loop and the main connection free while a read runs; search and lists wait for a worker', async () => {
      const slow = watch(sql<{ c: number }>`${sql.raw(SLOW)}`.execute(t.reads));
      // Its only worker is busy, yet sign-ups, writes and the main connection's reads answer.
      const other = await signUp(t.app);
      const created = await call(t.app, owner, 'POST', '/api/device/', deviceBody(companyId, 1));
      expect(created.statusCode).toBe(201);
      expect((await t.app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
      expect(await t.db.selectFrom('devices').select('name').execute()).toEqual([{ name: 'sensor 1' }]);
      // Global search and the filtered list read in the pool: they queue behind the slow read.
      const search = watch(call(t.app, other, 'GET', '/api/search/?q=sensor'));
      const list = watch(call(t.app, owner, 'GET', `/api/device/?company_id=${companyId}&search=sensor`));
      // One device by id is read on the main connection, and answers meanwhile.
      expect((await call(t.app, owner, 'GET', `/api/device/${created.json<{ id: string }>().id}/`)).statusCode).toBe(200);
      expect([slow.settled, search.settled, list.settled]).toEqual([false, false, false]);
      await expect.poll(() => list.value?.json<Page<unknown>>().count, { timeout: 60_000 }).toBe(1);
      expect(slow.value?.rows).toEqual([{ c: 10_000_000 }]);
    });
  });

  it('closing the app ends the workers: a read still running fails as unavailable (503), not a hang', async () => {
    const t = await createTestApp({}, undefined, { readWorkers: 1 });
    const owner = await signUp(t.app);
    const slow = watch(sql`${sql.raw(SLOW)}`.execute(t.reads));
    const search = watch(call(t.app, owner, 'GET', '/api/search/?q=sensor'));
    await t.close();
    await expect.poll(() => search.value?.statusCode).toBe(503);
    expect(slow.settled).toBe(true);
    expect(isDatabaseUnavailable(slow.error)).toBe(true);
  });

  describe('the pool', () => {
    let dir: string;
    let database: DatabaseHandle;
    let pool: ReadPool;
    const started: Worker[] = [];
    const spawn = (data: ReadWorkerData) => {
      const worker = new Worker(new URL('../../../server/src/db/read-worker.mjs', import.meta.url), { workerData: data });
      started.push(worker);
      return worker;
    };

    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
      const file = path.join(dir, 'db.sqlite');
      database = await openDatabase({ sqliteFile: file });
      await migrateToLatest(database.db);
      started.length = 0;
      pool = new ReadPool({ file, busyTimeoutMs: 1000, cacheKib: 2000 }, 1, spawn);
    });
    afterEach(async () => {
      await pool.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('gives the server connection and every read worker the page cache a fleet needs, not SQLite’s 2,000 KiB', async () => {
      const server = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
      expect(server.rows).toEqual([{ cache_size: -SQLITE_CACHE_KIB }]);
      expect(await pool.all('pragma cache_size', [])).toEqual([{ cache_size: -2000 }]);
      const app = await openDatabase({ sqliteFile: path.join(dir, 'db.sqlite'), readWorkers: 1 });
      expect((await sql<{ cache_size: number }>`pragma cache_size`.execute(app.reads)).rows).toEqual([{ cache_size: -SQLITE_CACHE_KIB }]);
      await app.close();
    });

    it('replaces a crashed worker: its query fails as unavailable, the next one is answered by a new worker', async () => {
      expect(await pool.all('select ? as a, ? as b, ? as c', ['x', 2, null])).toEqual([{ a: 'x', b: 2, c: null }]);
      const slow = watch(pool.all(SLOW, []));
      const queued = pool.all('select 1 as one', []);
      await started[0]?.terminate();
      await expect.poll(() => slow.settled).toBe(true);
      expect(isDatabaseUnavailable(slow.error)).toBe(true);
      expect(await queued).toEqual([{ one: 1 }]);
      expect(started).toHaveLength(2);
    });

    it('reports SQL errors as they are and refuses writes', async () => {
      await expect(pool.all('select * from no_such_table', [])).rejects.toThrow(/no such table/);
      await expect(pool.all("insert into settings (key, value) values ('k', 'v')", [])).rejects.toMatchObject({ code: 'READ_POOL_NOT_A_READ' });
      expect(await pool.all('select 1 as one', [])).toEqual([{ one: 1 }]);
      expect(started).toHaveLength(1);
    });

    it('closing ends every worker and fails what was queued', async () => {
      const slow = watch(pool.all(SLOW, []));
      const queued = watch(pool.all('select 1', []));
      const exited = once(started[0] as Worker, 'exit');
      await pool.close();
      expect(slow.error).toMatchObject({ code: 'READ_WORKER_LOST' });
      expect(queued.error).toMatchObject({ code: 'READ_WORKER_LOST' });
      await exited;
      expect(started[0]?.threadId).toBe(-1);
      await expect(pool.all('select 1', [])).rejects.toMatchObject({ code: 'READ_WORKER_LOST' });
    });
  });
});
