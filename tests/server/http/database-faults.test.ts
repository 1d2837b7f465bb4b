import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/src/db/errors.js';
import { createTestApp, testDatabaseUrl, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('live answers while the process runs; ready when the database answers and its migrations are current', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready while a migration is pending', async () => {
    await sql`delete from kysely_migration where name = '0008_notification_params'`.execute(t.db);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'failing' } });
  });
});

describe('a database that is gone', () => {
  it('fails requests with 503 and readiness, instead of 500', async () => {
    const t = await createTestApp();
    const alice = await signUp(t.app);
    await t.db.destroy();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    const list = await call(t.app, alice, 'GET', '/api/company/');
    expect(list.statusCode).toBe(503);
    expect(list.json()).toMatchObject({ code: 'general' });
    await t.close();
  });
});

// Killed connections are what a PostgreSQL restart or failover does to every node at once.
describe.runIf(testDatabaseUrl)('PostgreSQL connections killed under the server', () => {
  let t: TestApp;
  let alice: SignedIn;
  let admin: pg.Client;
  let appName: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    appName = String((await sql<{ name: string }>`select current_setting('application_name') as name`.execute(t.db)).rows[0]?.name);
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  /** Requests until one succeeds: meanwhile only 503s, never a 500 or a crash (bounded). */
  async function recovers(): Promise<number> {
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt += 1) {
      status = (await call(t.app, alice, 'GET', '/api/company/')).statusCode;
      expect([200, 503]).toContain(status);
    }
    return status;
  }

  const terminate = (condition: string) =>
    admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid() ${condition}`, [appName]);

  it('survives its idle connections being killed and serves the next requests', async () => {
    expect((await call(t.app, alice, 'GET', '/api/company/')).statusCode).toBe(200);
    expect((await terminate('')).rowCount).toBeGreaterThan(0);
    // A request may still meet a connection whose death the pool has not seen yet: that one is a
    // 503, never a 500 or a crash; the pool then connects anew.
    expect(await recovers()).toBe(200);
  });

  it('a statement whose backend is killed while it runs fails as "database unavailable"', async () => {
    const running = sql`select pg_sleep(30)`.execute(t.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    let killed = 0;
    while (killed === 0) killed = (await terminate(`and query like '%pg_sleep%'`)).rowCount ?? 0;
    expect(isDatabaseUnavailable(await running)).toBe(true);
    expect(await recovers()).toBe(200);
  });
});
