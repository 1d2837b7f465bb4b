import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * What a network server needs to provision devices and profiles (ChirpStack v4 names): a device's
 * JoinEUI, a profile's region, LoRaWAN MAC version, regional-parameters revision and expected
 * uplink interval. The template store's models carry the profile settings too. Existing rows get
 * what nearly every device sold in Europe has: EU868, LoRaWAN 1.0.3, revision A, a JoinEUI of
 * zeros. The values are written out here, not taken from domain/network.ts, so this migration
 * keeps doing what it did when it shipped.
 *
 * A device's JoinEUI becomes a global-search term (all devices of one vendor share it), except
 * the zeros of "no JoinEUI", which would make every such device match a search for "0000".
 */
const NO_JOIN_EUI = '0000000000000000';
const PROFILE_COLUMNS = ['region', 'mac_version', 'reg_params_revision', 'uplink_interval_s'] as const;

async function addProfileColumns(db: Kysely<unknown>, table: 'profiles' | 'templates'): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn('region', 'text', (c) => c.notNull().defaultTo('EU868'))
    .execute();
  await db.schema
    .alterTable(table)
    .addColumn('mac_version', 'text', (c) => c.notNull().defaultTo('LORAWAN_1_0_3'))
    .execute();
  await db.schema
    .alterTable(table)
    .addColumn('reg_params_revision', 'text', (c) => c.notNull().defaultTo('A'))
    .execute();
  await db.schema
    .alterTable(table)
    .addColumn('uplink_interval_s', 'integer', (c) => c.notNull().defaultTo(3600))
    .execute();
}

/** The device search entry's terms over the trigger's row `r` (0003 wrote `r.name || ' ' || r.dev_eui`). */
const BEFORE = { terms: "r.name || ' ' || r.dev_eui", columns: 'name, dev_eui, company_id' };
const AFTER = {
  terms: `r.name || ' ' || r.dev_eui || CASE WHEN r.join_eui = '${NO_JOIN_EUI}' THEN '' ELSE ' ' || r.join_eui END`,
  columns: 'name, dev_eui, join_eui, company_id',
};

const on = (expression: string, row: 'NEW' | 'OLD') => expression.replaceAll('r.', `${row}.`);

/** The device search triggers of 0003/0006 with the given terms, firing on updates of the given columns. */
function sqliteTriggers({ terms, columns }: typeof BEFORE): string[] {
  return [
    'DROP TRIGGER devices_search_ai',
    'DROP TRIGGER devices_search_au',
    `CREATE TRIGGER devices_search_ai AFTER INSERT ON devices BEGIN INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES ('device', NEW.id, NEW.company_id, NULL, NEW.name, lower(${on(terms, 'NEW')})); END`,
    `CREATE TRIGGER devices_search_au AFTER UPDATE OF ${columns} ON devices BEGIN UPDATE search_entries SET company_id = NEW.company_id, name = NEW.name, terms = lower(${on(terms, 'NEW')}) WHERE type = 'device' AND id = OLD.id; END`,
  ];
}

function postgresTriggers({ terms, columns }: typeof BEFORE): string[] {
  return [
    `CREATE OR REPLACE FUNCTION devices_search() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF TG_OP = 'DELETE' THEN DELETE FROM search_entries WHERE type = 'device' AND id = OLD.id; RETURN OLD; END IF;
      INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES ('device', NEW.id, NEW.company_id, NULL, NEW.name, lower(${on(terms, 'NEW')}))
        ON CONFLICT (type, id) DO UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name, terms = EXCLUDED.terms;
      RETURN NEW; END $$`,
    'DROP TRIGGER devices_search ON devices',
    `CREATE TRIGGER devices_search AFTER INSERT OR DELETE OR UPDATE OF ${columns} ON devices FOR EACH ROW EXECUTE FUNCTION devices_search()`,
  ];
}

async function replaceDeviceTriggers(db: Kysely<unknown>, definition: typeof BEFORE): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? sqliteTriggers(definition) : postgresTriggers(definition)) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('devices')
    .addColumn('join_eui', 'text', (c) => c.notNull().defaultTo(NO_JOIN_EUI))
    .execute();
  await addProfileColumns(db, 'profiles');
  await addProfileColumns(db, 'templates');
  // Every existing device has the zeros now, which add nothing to its terms: the entries stay right.
  await replaceDeviceTriggers(db, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceDeviceTriggers(db, BEFORE);
  await sql
    .raw(
      `UPDATE search_entries SET terms = (SELECT lower(${BEFORE.terms}) FROM devices r WHERE r.id = search_entries.id) ` +
        `WHERE type = 'device' AND id IN (SELECT id FROM devices WHERE join_eui <> '${NO_JOIN_EUI}')`,
    )
    .execute(db);
  for (const table of ['profiles', 'templates'] as const) {
    for (const column of PROFILE_COLUMNS) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.alterTable('devices').dropColumn('join_eui').execute();
}
