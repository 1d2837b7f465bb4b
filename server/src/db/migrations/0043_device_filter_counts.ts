import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The device list's filter options (repositories/filter-options.ts) counted a company's devices
// per profile, unit and power status on every request: 100,000 index entries of a large company
// (PostgreSQL 33–35 ms on a quiet machine, 100+ under load; issue #20 asks for 25 ms at p95). The
// counts are now kept by triggers, so every writer (API, import, bulk job, ingest's status events,
// a unit or company deleted) keeps them without knowing they exist, and an option costs a few rows.
//
// Each device counts once under each field: 'profile' and 'unit' with the referenced id ('' for
// none: a primary key holds no null), 'power' with its power status (domain/power.ts powerStatus,
// whose BATTERY_LOW_PERCENT is written out below: change both together, in a new migration that
// recreates the triggers and counts again).
//
// - SQLite has one writer at a time: its triggers add to and take from the counts themselves.
// - PostgreSQL runs writers side by side. Triggers that updated the count rows would lock them until
//   commit, and two imports into one company, each meeting units in another order, would deadlock.
//   Its trigger only appends changes (no row is locked but the new one); the list reads the counts
//   plus the changes not yet folded in, and jobs/filter-count-folder.ts folds them in every few seconds.
//   SQLite's change table stays empty, so the same read and the same fold serve both.
// - An update fires only when a counted key changes: an uplink's last_seen writes nothing here.

const LOW_BATTERY = 20;

const status = (row: 'NEW' | 'OLD') =>
  `(CASE WHEN ${row}.power_source = 'external' THEN 'external'
     WHEN ${row}.power_source = 'battery' AND ${row}.battery_level < ${LOW_BATTERY} THEN 'battery_low'
     WHEN ${row}.power_source = 'battery' THEN 'battery' ELSE 'unknown' END)`;

interface Field {
  name: 'profile' | 'unit' | 'power';
  key: (row: 'NEW' | 'OLD') => string;
  /** The columns whose change may move a device to another key of this field. */
  columns: string;
}

const FIELDS: Field[] = [
  { name: 'profile', key: (row) => `coalesce(${row}.profile_id, '')`, columns: 'company_id, profile_id' },
  { name: 'unit', key: (row) => `coalesce(${row}.unit_id, '')`, columns: 'company_id, unit_id' },
  { name: 'power', key: status, columns: 'company_id, power_source, battery_level' },
];

const moved = (field: Field, distinct: string) => `OLD.company_id ${distinct} NEW.company_id OR ${field.key('OLD')} ${distinct} ${field.key('NEW')}`;

const TABLES = (sqlite: boolean) => [
  `CREATE TABLE device_filter_counts (company_id TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL,
     device_count ${sqlite ? 'INTEGER' : 'BIGINT'} NOT NULL, PRIMARY KEY (company_id, field, value))`,
  `CREATE TABLE device_filter_count_changes (id ${sqlite ? 'INTEGER PRIMARY KEY' : 'BIGSERIAL PRIMARY KEY'}, company_id TEXT NOT NULL,
     field TEXT NOT NULL, value TEXT NOT NULL, delta INTEGER NOT NULL)`,
  'CREATE INDEX device_filter_count_changes_key_idx ON device_filter_count_changes (company_id, field)',
  ...FIELDS.map(
    (field) => `INSERT INTO device_filter_counts (company_id, field, value, device_count)
       SELECT company_id, '${field.name}', ${field.key('NEW').replaceAll('NEW.', '')}, count(*) FROM devices GROUP BY 1, 3`,
  ),
];

function sqliteTriggers(): string[] {
  const add = (field: Field) => `INSERT INTO device_filter_counts (company_id, field, value, device_count)
       VALUES (NEW.company_id, '${field.name}', ${field.key('NEW')}, 1)
       ON CONFLICT (company_id, field, value) DO UPDATE SET device_count = device_count + 1;`;
  const take = (field: Field) => {
    const key = `company_id = OLD.company_id AND field = '${field.name}' AND value = ${field.key('OLD')}`;
    return `UPDATE device_filter_counts SET device_count = device_count - 1 WHERE ${key};
       DELETE FROM device_filter_counts WHERE ${key} AND device_count = 0;`;
  };
  return [
    `CREATE TRIGGER devices_filter_counts_ai AFTER INSERT ON devices BEGIN ${FIELDS.map(add).join(' ')} END`,
    `CREATE TRIGGER devices_filter_counts_ad AFTER DELETE ON devices BEGIN ${FIELDS.map(take).join(' ')} END`,
    ...FIELDS.map(
      (field) => `CREATE TRIGGER devices_filter_counts_au_${field.name} AFTER UPDATE OF ${field.columns} ON devices
         WHEN ${moved(field, 'IS NOT')} BEGIN ${take(field)} ${add(field)} END`,
    ),
  ];
}

function postgresTriggers(): string[] {
  const change = (field: Field, row: 'NEW' | 'OLD', delta: number) =>
    `INSERT INTO device_filter_count_changes (company_id, field, value, delta) VALUES (${row}.company_id, '${field.name}', ${field.key(row)}, ${delta});`;
  const onUpdate = (field: Field) => `IF ${moved(field, 'IS DISTINCT FROM')} THEN ${change(field, 'OLD', -1)} ${change(field, 'NEW', 1)} END IF;`;
  const anyMoved = FIELDS.map((field) => `(${moved(field, 'IS DISTINCT FROM')})`).join(' OR ');
  return [
    `CREATE FUNCTION devices_filter_counts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
       IF TG_OP = 'INSERT' THEN ${FIELDS.map((field) => change(field, 'NEW', 1)).join(' ')}
       ELSIF TG_OP = 'DELETE' THEN ${FIELDS.map((field) => change(field, 'OLD', -1)).join(' ')}
       ELSE ${FIELDS.map(onUpdate).join(' ')}
       END IF;
       RETURN NULL; END $$`,
    'CREATE TRIGGER devices_filter_counts_id AFTER INSERT OR DELETE ON devices FOR EACH ROW EXECUTE FUNCTION devices_filter_counts()',
    `CREATE TRIGGER devices_filter_counts_u AFTER UPDATE OF company_id, profile_id, unit_id, power_source, battery_level ON devices
       FOR EACH ROW WHEN (${anyMoved}) EXECUTE FUNCTION devices_filter_counts()`,
  ];
}

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  for (const statement of [...TABLES(sqlite), ...(sqlite ? sqliteTriggers() : postgresTriggers())]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers = isSqlite(db)
    ? ['ai', 'ad', ...FIELDS.map((field) => `au_${field.name}`)].map((suffix) => `DROP TRIGGER devices_filter_counts_${suffix}`)
    : ['DROP TRIGGER devices_filter_counts_u ON devices', 'DROP TRIGGER devices_filter_counts_id ON devices', 'DROP FUNCTION devices_filter_counts()'];
  for (const statement of [...triggers, 'DROP TABLE device_filter_count_changes', 'DROP TABLE device_filter_counts']) await sql.raw(statement).execute(db);
}
