import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list's search on SQLite (issue #20): a substring of the name, DevEUI or JoinEUI
// (repositories/device-filter.ts) was a LIKE over every device of the company, 100,000 rows a page
// at fleet scale. PostgreSQL has a trigram index for it (0039); SQLite gets FTS5's trigram tokenizer,
// which finds the rows holding a string of 3 or more characters from its index.
// - Contentless (content=''): the table holds only the index; the columns stay in `devices`.
//   contentless_delete lets a trigger remove a row by its rowid alone.
// - Its rowids are those of `device_search_rows`, whose INTEGER PRIMARY KEY stays put through a
//   VACUUM (the implicit rowid of `devices`, keyed by a text id, may not).
// - A JoinEUI of zeros ("none", DEFAULT_JOIN_EUI) is indexed as empty: the list never searches it.
// - The update trigger fires only when a searched column changes: an uplink's last_seen or battery
//   update writes nothing here.
// The list keeps its LIKE beside the index's match, so the results are exactly LIKE's.
//
// The list's filter options (repositories/filter-options.ts) count a company's devices per profile,
// unit and power status. With an index that starts with the company and holds the counted column,
// both databases count from the index alone, in its order, without reading a device row (PostgreSQL
// once (auto)vacuum has set the table's visibility map; before, it reads the table). The profile_id
// and unit_id indexes of 0002 stay: deleting a profile or unit looks its devices up.
// Ingest writes none of these columns on an uplink; a status event writes power_source and
// battery_level (bench/RESULTS.md has the ingest figures before and after).

const ZEROS = "'0000000000000000'";
const joinEui = (row: 'NEW' | 'OLD') => `CASE WHEN ${row}.join_eui = ${ZEROS} THEN '' ELSE ${row}.join_eui END`;
const rowOf = (row: 'NEW' | 'OLD') => `(SELECT rowid FROM device_search_rows WHERE device_id = ${row}.id)`;
const indexed = (row: 'NEW' | 'OLD') =>
  `INSERT INTO devices_fts (rowid, name, dev_eui, join_eui) VALUES (${rowOf(row)}, ${row}.name, ${row}.dev_eui, ${joinEui(row)});`;

const UP = [
  'CREATE TABLE device_search_rows (rowid INTEGER PRIMARY KEY, device_id TEXT NOT NULL UNIQUE)',
  "CREATE VIRTUAL TABLE devices_fts USING fts5(name, dev_eui, join_eui, content='', contentless_delete=1, tokenize='trigram')",
  `CREATE TRIGGER devices_fts_ai AFTER INSERT ON devices BEGIN
     INSERT INTO device_search_rows (device_id) VALUES (NEW.id);
     ${indexed('NEW')}
   END`,
  `CREATE TRIGGER devices_fts_au AFTER UPDATE OF id, name, dev_eui, join_eui ON devices BEGIN
     DELETE FROM devices_fts WHERE rowid = ${rowOf('OLD')};
     UPDATE device_search_rows SET device_id = NEW.id WHERE device_id = OLD.id;
     ${indexed('NEW')}
   END`,
  `CREATE TRIGGER devices_fts_ad AFTER DELETE ON devices BEGIN
     DELETE FROM devices_fts WHERE rowid = ${rowOf('OLD')};
     DELETE FROM device_search_rows WHERE device_id = OLD.id;
   END`,
  'INSERT INTO device_search_rows (device_id) SELECT id FROM devices ORDER BY company_id, id',
  `INSERT INTO devices_fts (rowid, name, dev_eui, join_eui)
     SELECT r.rowid, d.name, d.dev_eui, ${joinEui('NEW').replaceAll('NEW.', 'd.')} FROM device_search_rows r JOIN devices d ON d.id = r.device_id`,
];

const FILTER_INDEXES = [
  'CREATE INDEX devices_company_profile_idx ON devices (company_id, profile_id)',
  'CREATE INDEX devices_company_unit_idx ON devices (company_id, unit_id)',
  'CREATE INDEX devices_company_power_idx ON devices (company_id, power_source, battery_level)',
];
const DROP_FILTER_INDEXES = ['DROP INDEX devices_company_power_idx', 'DROP INDEX devices_company_unit_idx', 'DROP INDEX devices_company_profile_idx'];

const DOWN = [
  'DROP TRIGGER devices_fts_ad',
  'DROP TRIGGER devices_fts_au',
  'DROP TRIGGER devices_fts_ai',
  'DROP TABLE devices_fts',
  'DROP TABLE device_search_rows',
];

const run = async (db: Kysely<unknown>, statements: string[]) => {
  for (const statement of statements) await sql.raw(statement).execute(db);
};
const sqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [...(sqlite(db) ? UP : []), ...FILTER_INDEXES]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, [...DROP_FILTER_INDEXES, ...(sqlite(db) ? DOWN : [])]);
}
