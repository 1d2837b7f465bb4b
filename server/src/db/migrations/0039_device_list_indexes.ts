import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list at a million devices (issue #20): a page is 25 rows of a company's devices in the
// order of one column, then by id (repositories/devices.ts). Each such order is now the order of an
// index, so a page reads its rows and stops instead of sorting the whole company first.
// - name and id, last_seen and id: the id in the index settles the ties (never-seen devices, a tenth
//   of a fleet, are one long tie) without a sort.
// - last_seen on PostgreSQL: the list puts never-seen devices last when the newest come first and
//   first the other way round. A plain ascending index has them last both ways; DESC NULLS LAST,
//   id DESC is read forwards for "newest first" and backwards for "oldest first" (nulls first, ids
//   ascending). SQLite sorts NULL lowest, which is already that order.
// - dev_eui per company: the unique index of 0002 spans all companies.
// - PostgreSQL: a trigram index on what the list's search looks in (name, DevEUI, JoinEUI), so
//   counting a search's matches reads the matches, not the company's every device.
// Both replaced indexes keep their names and still lead with the company, so every query that used
// them (the rules' silent-device sweep reads a last_seen range of one company) still can.

const run = async (db: Kysely<unknown>, statements: string[]) => {
  for (const statement of statements) await sql.raw(statement).execute(db);
};

const sqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const lastSeen = sqlite(db) ? 'last_seen, id' : 'last_seen DESC NULLS LAST, id DESC';
  await run(db, [
    'DROP INDEX devices_company_last_seen_idx',
    `CREATE INDEX devices_company_last_seen_idx ON devices (company_id, ${lastSeen})`,
    'DROP INDEX devices_company_name_idx',
    'CREATE INDEX devices_company_name_idx ON devices (company_id, name, id)',
    'CREATE INDEX devices_company_dev_eui_idx ON devices (company_id, dev_eui)',
    ...(sqlite(db)
      ? []
      : [
          'CREATE INDEX devices_search_trgm_idx ON devices USING gin (lower(name) public.gin_trgm_ops, lower(dev_eui) public.gin_trgm_ops, lower(join_eui) public.gin_trgm_ops)',
        ]),
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    ...(sqlite(db) ? [] : ['DROP INDEX devices_search_trgm_idx']),
    'DROP INDEX devices_company_dev_eui_idx',
    'DROP INDEX devices_company_name_idx',
    'CREATE INDEX devices_company_name_idx ON devices (company_id, name)',
    'DROP INDEX devices_company_last_seen_idx',
    'CREATE INDEX devices_company_last_seen_idx ON devices (company_id, last_seen)',
  ]);
}
