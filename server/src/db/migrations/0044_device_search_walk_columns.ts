import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list of one company searched for a common word, SQLite (issue #20): a word in a
// quarter of the company's devices is found by walking the order's index (0039) and checking each
// device's name, DevEUI and JoinEUI with the LIKE until the page is full (repositories/devices.ts),
// not from the trigram index. Where the matches sit together far along the order ("door" by name
// descending), the walk passes tens of thousands of devices, and for each SQLite read the table's
// row for the columns the LIKE looks at: 35–55 ms for a page. With those columns in the index the
// LIKE is checked on the index entry and only the page's rows are read from the table (a third of
// the time). The DevEUI's index is the list's order by DevEUI within a company; an uplink writes
// neither index (it moves last_seen only), so ingest pays nothing for them.
// PostgreSQL is left as it is: its trigram index (0039) answers such a search.

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

const replace = async (db: Kysely<unknown>, index: string, columns: string) => {
  await sql`DROP INDEX ${sql.raw(index)}`.execute(db);
  await sql`CREATE INDEX ${sql.raw(index)} ON devices (${sql.raw(columns)})`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await replace(db, 'devices_company_name_idx', 'company_id, name, id, dev_eui, join_eui');
  await replace(db, 'devices_company_dev_eui_idx', 'company_id, dev_eui, name, join_eui');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) return;
  await replace(db, 'devices_company_dev_eui_idx', 'company_id, dev_eui');
  await replace(db, 'devices_company_name_idx', 'company_id, name, id');
}
