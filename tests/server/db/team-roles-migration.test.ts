import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';

const AT = '2026-11-27T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';
const CREATOR = '00000000-0000-4000-8000-000000000002';
const JOINER = '00000000-0000-4000-8000-000000000003';
const INVITE = '00000000-0000-4000-8000-000000000004';
const KEY = '00000000-0000-4000-8000-000000000005';

// Memberships, invites and keys written before 0023: the creator stays owner, everyone else is a
// member; invites become member invites bound to their address, joinable for a week; keys reach all
// of their owner's companies, read and write, as before.
describe('migration 0023_team_roles', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0022_search_without_events');
    for (const [id, email] of [
      [CREATOR, 'creator@example.com'],
      [JOINER, 'joiner@example.com'],
    ]) {
      await sql`insert into users (id, email, password_hash, first_name, last_name, is_tenant_enabled, is_onboarded, language, created_at)
        values (${id}, ${email}, 'x', '', '', 0, 0, 'en', ${AT})`.execute(db);
    }
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    await sql`insert into company_members (company_id, user_id, role, joined_at) values (${COMPANY}, ${CREATOR}, 'owner', ${AT}), (${COMPANY}, ${JOINER}, 'member', ${AT})`.execute(
      db,
    );
    await sql`insert into invites (id, company_id, email, code, invited_by, created_at) values (${INVITE}, ${COMPANY}, 'new@example.com', 'ABCD-EFGH-JKLM', ${CREATOR}, ${AT})`.execute(
      db,
    );
    await sql`insert into api_keys (id, user_id, name, lookup, key_hash, created_at) values (${KEY}, ${JOINER}, 'k', 'lookup', 'hash', ${AT})`.execute(db);
    await migrateTo(db, '0023_team_roles');
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps creators owners and makes everyone else a member', async () => {
    const rows = await sql<{
      user_id: string;
      role: string;
      last_active_at: string | null;
    }>`select user_id, role, last_active_at from company_members order by user_id`.execute(database.db);
    expect(rows.rows).toEqual([
      { user_id: CREATOR, role: 'owner', last_active_at: null },
      { user_id: JOINER, role: 'member', last_active_at: null },
    ]);
  });

  it('gives open invites a role, an expiry and an address they are bound to, and keys their old reach', async () => {
    const invite = (
      await sql<{
        role: string;
        expires_at: string;
        is_open: number;
        deleted_at: string | null;
      }>`select role, expires_at, is_open, deleted_at from invites`.execute(database.db)
    ).rows[0];
    expect(invite).toMatchObject({ role: 'member', is_open: 0, deleted_at: null });
    expect(Date.parse(invite?.expires_at ?? '')).toBeGreaterThan(Date.now());
    const key = (await sql<{ company_id: string | null; read_only: number }>`select company_id, read_only from api_keys`.execute(database.db)).rows[0];
    expect(key).toEqual({ company_id: null, read_only: 0 });
  });

  it('is undone by its down step', async () => {
    await migrateTo(database.db, '0022_search_without_events');
    await expect(sql`select read_only from api_keys`.execute(database.db)).rejects.toThrow();
    await expect(sql`select is_open from invites`.execute(database.db)).rejects.toThrow();
    await migrateTo(database.db, '0023_team_roles');
    expect((await sql`select id from invites`.execute(database.db)).rows).toHaveLength(1);
  });
});
