import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list of a member of many companies with none chosen (issue #20: a reseller's user, an
// API client), PostgreSQL: the list is `company_id IN (the user's companies)` in the order of one
// column, then by id. The indexes of 0039 lead with the company, so for 1,000 companies the
// database read every company's devices and sorted 100,000 rows for a page of 25 (97–120 ms in
// bench/RESULTS.md). An index in the list's own order, across companies, lets it walk that order
// and keep the rows of the user's companies until the page is full: fast while those companies
// hold a fair share of the rows walked; for a user of few companies the planner keeps 0039's.
// - last_seen as in 0039 (DESC NULLS LAST, id DESC: read forwards for "newest first", backwards
//   for "oldest first"). Each uplink moves its device's entry; new entries go to the index's
//   "now" end (bench/RESULTS.md has the ingest figures).
// - dev_eui needs none: its unique index of 0002 spans all companies.
// SQLite (one node, one database file) is left as it is: this is the fleet of a reseller on
// PostgreSQL, and on SQLite every uplink would pay for an index few users read.

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`CREATE INDEX devices_name_id_idx ON devices (name, id)`.execute(db);
  await sql`CREATE INDEX devices_last_seen_id_idx ON devices (last_seen DESC NULLS LAST, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`DROP INDEX devices_last_seen_id_idx`.execute(db);
  await sql`DROP INDEX devices_name_id_idx`.execute(db);
}
