import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Global search scales with the fleet, not with its history (issue #24).
// - Device events leave the search index: every stored event was a row of search_entries and of its
//   trigram index, so each search read and ranked matches among millions of events, and each event
//   written paid for the index. A device's events are searched on the device's page instead, bounded
//   by time (device_events_device_idx), and the dialog's event group reads each company's newest
//   events through device_events_company_idx (0002). Neither needs an index of its own.
// - search_entries_prefix_idx serves each type's results: the prefix matches that come first are a
//   range of one type and company in `terms` order, the other matches a walk of the type and
//   company's entries (terms in the index, so only the hits are read from the table), each read
//   until the type has its results. On PostgreSQL the range compares bytes (COLLATE "C"): in the
//   database's collation "a" ≤ x < "b" is not "starts with a". The trigram indexes of 0003 stay,
//   kept by their triggers, though global search no longer needs them.

const SQLITE_FTS_DELETE = `CREATE TRIGGER search_entries_ad AFTER DELETE ON search_entries BEGIN INSERT INTO search_fts(search_fts, rowid, terms) VALUES ('delete', OLD.rowid, OLD.terms); END`;

/** 0003's triggers of device_events, as 0003 wrote them (down). */
const sqliteEventTriggers = [
  `CREATE TRIGGER device_events_search_ai AFTER INSERT ON device_events BEGIN INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES ('event', NEW.id, NEW.company_id, NULL, NEW.summary, lower(NEW.summary)); END`,
  `CREATE TRIGGER device_events_search_au AFTER UPDATE ON device_events BEGIN UPDATE search_entries SET company_id = NEW.company_id, name = NEW.summary, terms = lower(NEW.summary) WHERE type = 'event' AND id = OLD.id; END`,
  `CREATE TRIGGER device_events_search_ad AFTER DELETE ON device_events BEGIN DELETE FROM search_entries WHERE type = 'event' AND id = OLD.id; END`,
];

const postgresEventTrigger = [
  `CREATE FUNCTION device_events_search() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP = 'DELETE' THEN DELETE FROM search_entries WHERE type = 'event' AND id = OLD.id; RETURN OLD; END IF;
    INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES ('event', NEW.id, NEW.company_id, NULL, NEW.summary, lower(NEW.summary))
      ON CONFLICT (type, id) DO UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name, terms = EXCLUDED.terms;
    RETURN NEW; END $$`,
  `CREATE TRIGGER device_events_search AFTER INSERT OR UPDATE OR DELETE ON device_events FOR EACH ROW EXECUTE FUNCTION device_events_search()`,
];

const run = async (db: Kysely<unknown>, statements: string[]) => {
  for (const statement of statements) await sql.raw(statement).execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await run(db, [
      'DROP TRIGGER device_events_search_ai',
      'DROP TRIGGER device_events_search_au',
      'DROP TRIGGER device_events_search_ad',
      // Deleting the events one FTS 'delete' at a time would take minutes on a large store; the
      // rebuild reads only what remains (the entities).
      'DROP TRIGGER search_entries_ad',
      `DELETE FROM search_entries WHERE type = 'event'`,
      `INSERT INTO search_fts(search_fts) VALUES ('rebuild')`,
      SQLITE_FTS_DELETE,
      'CREATE INDEX search_entries_prefix_idx ON search_entries (type, company_id, terms)',
    ]);
    return;
  }
  await run(db, [
    'DROP TRIGGER device_events_search ON device_events',
    'DROP FUNCTION device_events_search()',
    `DELETE FROM search_entries WHERE type = 'event'`,
    // The trigram index would keep the deleted events' entries until a vacuum reaches it.
    'REINDEX INDEX search_entries_terms_idx',
    'CREATE INDEX search_entries_prefix_idx ON search_entries (type, company_id, terms COLLATE "C")',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await run(db, [
    'DROP INDEX search_entries_prefix_idx',
    ...(sqlite ? sqliteEventTriggers : postgresEventTrigger),
    `INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) SELECT 'event', r.id, r.company_id, NULL, r.summary, lower(r.summary) FROM device_events r`,
  ]);
}
