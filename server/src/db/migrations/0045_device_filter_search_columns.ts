import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list of one company, filtered by profile, unit or power status and searched for a
// common word, SQLite (issue #20). Where the filter's matches of the word sit together at the far
// end of the order (never-seen devices by last seen, newest first), the bounded walk of the order
// (repositories/devices.ts) finds no page and the filter's index is read instead: SQLite then read
// the table's row of each of the filter's devices (20,000 of a company of 100,000) to check the
// LIKE on its name, DevEUI and JoinEUI. With those columns in the filter's index the LIKE is
// checked on the index entry, and only the word's devices are read for the order (as 0044 did for
// the order's own indexes). An uplink moves none of these columns (last seen is not in them; a
// status event's battery level was already in the power index), so ingest pays nothing more.
// PostgreSQL is left as it is: its trigram index (0039) answers such a search.

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

const INDEXES = [
  ['devices_company_profile_idx', 'company_id, profile_id'],
  ['devices_company_unit_idx', 'company_id, unit_id'],
  ['devices_company_power_idx', 'company_id, power_source, battery_level'],
] as const;

const SEARCHED = 'name, dev_eui, join_eui';

const replace = async (db: Kysely<unknown>, index: string, columns: string) => {
  await sql`DROP INDEX ${sql.raw(index)}`.execute(db);
  await sql`CREATE INDEX ${sql.raw(index)} ON devices (${sql.raw(columns)})`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const [index, columns] of INDEXES) await replace(db, index, `${columns}, ${SEARCHED}`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const [index, columns] of INDEXES) await replace(db, index, columns);
}
