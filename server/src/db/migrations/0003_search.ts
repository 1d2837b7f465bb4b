import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The global search index (spec §2 "Global search"): one row per searchable record, kept in
 * step by database triggers, so every writer — API, bulk import, ingest — updates it without
 * knowing it exists. SQLite searches it with FTS5 (trigram tokenizer), PostgreSQL with pg_trgm.
 */
interface Source {
  table: string;
  type: string;
  /** SQL over the trigger's row `r` (NEW/OLD), written for both dialects. */
  name: string;
  terms: string;
  company: string;
  tenant: string;
}

const SOURCES: Source[] = [
  { table: 'devices', type: 'device', name: 'r.name', terms: "r.name || ' ' || r.dev_eui", company: 'r.company_id', tenant: 'NULL' },
  { table: 'gateways', type: 'gateway', name: 'r.name', terms: "r.name || ' ' || r.gateway_id", company: 'r.company_id', tenant: 'NULL' },
  { table: 'units', type: 'unit', name: 'r.name', terms: 'r.name', company: 'r.company_id', tenant: 'NULL' },
  { table: 'groups', type: 'group', name: 'r.name', terms: 'r.name', company: 'r.company_id', tenant: 'NULL' },
  { table: 'companies', type: 'company', name: 'r.name', terms: 'r.name', company: 'r.id', tenant: 'NULL' },
  { table: 'tenants', type: 'tenant', name: 'r.name', terms: 'r.name', company: 'NULL', tenant: 'r.id' },
  { table: 'device_events', type: 'event', name: 'r.summary', terms: 'r.summary', company: 'r.company_id', tenant: 'NULL' },
];

const on = (expression: string, row: 'NEW' | 'OLD') => expression.replaceAll('r.', `${row}.`);

function sqliteStatements(): string[] {
  const statements = [
    `CREATE TABLE search_entries (rowid INTEGER PRIMARY KEY, type TEXT NOT NULL, id TEXT NOT NULL, company_id TEXT, tenant_id TEXT, name TEXT NOT NULL, terms TEXT NOT NULL, UNIQUE (type, id))`,
    `CREATE INDEX search_entries_company_idx ON search_entries (company_id)`,
    `CREATE VIRTUAL TABLE search_fts USING fts5(terms, content='search_entries', content_rowid='rowid', tokenize='trigram')`,
    `CREATE TRIGGER search_entries_ai AFTER INSERT ON search_entries BEGIN INSERT INTO search_fts(rowid, terms) VALUES (NEW.rowid, NEW.terms); END`,
    `CREATE TRIGGER search_entries_ad AFTER DELETE ON search_entries BEGIN INSERT INTO search_fts(search_fts, rowid, terms) VALUES ('delete', OLD.rowid, OLD.terms); END`,
    `CREATE TRIGGER search_entries_au AFTER UPDATE ON search_entries BEGIN INSERT INTO search_fts(search_fts, rowid, terms) VALUES ('delete', OLD.rowid, OLD.terms); INSERT INTO search_fts(rowid, terms) VALUES (NEW.rowid, NEW.terms); END`,
  ];
  for (const s of SOURCES) {
    const values = (row: 'NEW' | 'OLD') =>
      `'${s.type}', ${row}.id, ${on(s.company, row)}, ${on(s.tenant, row)}, ${on(s.name, row)}, lower(${on(s.terms, row)})`;
    statements.push(
      `CREATE TRIGGER ${s.table}_search_ai AFTER INSERT ON ${s.table} BEGIN INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES (${values('NEW')}); END`,
      `CREATE TRIGGER ${s.table}_search_au AFTER UPDATE ON ${s.table} BEGIN UPDATE search_entries SET company_id = ${on(s.company, 'NEW')}, name = ${on(s.name, 'NEW')}, terms = lower(${on(s.terms, 'NEW')}) WHERE type = '${s.type}' AND id = OLD.id; END`,
      `CREATE TRIGGER ${s.table}_search_ad AFTER DELETE ON ${s.table} BEGIN DELETE FROM search_entries WHERE type = '${s.type}' AND id = OLD.id; END`,
      `INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) SELECT ${values('NEW').replaceAll('NEW.', 'r.')} FROM ${s.table} r`,
    );
  }
  return statements;
}

function postgresStatements(): string[] {
  const statements = [
    // Concurrent first migrations (parallel test files) would race to create the extension.
    `SELECT pg_advisory_xact_lock(727274)`,
    // In public: a per-schema copy would vanish with that schema (tests drop theirs).
    `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`,
    `CREATE TABLE search_entries (type TEXT NOT NULL, id TEXT NOT NULL, company_id TEXT, tenant_id TEXT, name TEXT NOT NULL, terms TEXT NOT NULL, PRIMARY KEY (type, id))`,
    `CREATE INDEX search_entries_company_idx ON search_entries (company_id)`,
    `CREATE INDEX search_entries_terms_idx ON search_entries USING gin (terms public.gin_trgm_ops)`,
  ];
  for (const s of SOURCES) {
    const values = (row: 'NEW' | 'OLD') =>
      `'${s.type}', ${row}.id, ${on(s.company, row)}, ${on(s.tenant, row)}, ${on(s.name, row)}, lower(${on(s.terms, row)})`;
    statements.push(
      `CREATE FUNCTION ${s.table}_search() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_OP = 'DELETE' THEN DELETE FROM search_entries WHERE type = '${s.type}' AND id = OLD.id; RETURN OLD; END IF;
        INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) VALUES (${values('NEW')})
          ON CONFLICT (type, id) DO UPDATE SET company_id = EXCLUDED.company_id, name = EXCLUDED.name, terms = EXCLUDED.terms;
        RETURN NEW; END $$`,
      `CREATE TRIGGER ${s.table}_search AFTER INSERT OR UPDATE OR DELETE ON ${s.table} FOR EACH ROW EXECUTE FUNCTION ${s.table}_search()`,
      `INSERT INTO search_entries (type, id, company_id, tenant_id, name, terms) SELECT ${values('NEW').replaceAll('NEW.', 'r.')} FROM ${s.table} r`,
    );
  }
  return statements;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const statement of sqlite ? sqliteStatements() : postgresStatements()) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const s of SOURCES) {
    if (sqlite) for (const suffix of ['ai', 'au', 'ad']) await sql.raw(`DROP TRIGGER ${s.table}_search_${suffix}`).execute(db);
    else await sql.raw(`DROP TRIGGER ${s.table}_search ON ${s.table}; DROP FUNCTION ${s.table}_search()`).execute(db);
  }
  if (sqlite) await sql.raw('DROP TABLE search_fts').execute(db);
  await sql.raw('DROP TABLE search_entries').execute(db);
}
