import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl } from '../helpers/test-app.js';

// Another schema of the same database may hold Kysely migration tables (another application, a
// test run that was killed): the server migrates its own schema regardless.
describe.runIf(testDatabaseUrl)('migrations on a shared PostgreSQL database', () => {
  const decoy = `decoy_${process.pid}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create schema "${decoy}"`);
    await admin.query(`create table "${decoy}".kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`);
    await admin.query(`create table "${decoy}".kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists "${decoy}" cascade`);
    await admin.end();
  });

  it("ignores other schemas' migration tables", async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({ status: 'ready' });
    await t.close();
  });
});
