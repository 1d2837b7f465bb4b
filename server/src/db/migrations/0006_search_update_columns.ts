import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The search index's update triggers (0003) fired on every update of a searchable row, so each
 * uplink's last-seen update rewrote the device's search entry and its trigram index. They now fire
 * only when a column the entry is made of changes. The trigger bodies stay as 0003 wrote them.
 */
const SEARCHED_COLUMNS: Record<string, string[]> = {
  devices: ['name', 'dev_eui', 'company_id'],
  gateways: ['name', 'gateway_id', 'company_id'],
  units: ['name', 'company_id'],
  groups: ['name', 'company_id'],
  companies: ['name'],
  tenants: ['name'],
};

async function sqliteTrigger(db: Kysely<unknown>, name: string): Promise<string> {
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ${name}`.execute(db);
  const definition = rows[0]?.sql;
  if (!definition) throw new Error(`Trigger ${name} is missing.`);
  return definition;
}

/** Recreates a SQLite trigger with one clause of its definition replaced. */
async function rewriteSqliteTrigger(db: Kysely<unknown>, name: string, from: string, to: string): Promise<void> {
  const definition = await sqliteTrigger(db, name);
  if (!definition.includes(from)) throw new Error(`Trigger ${name} does not say "${from}".`);
  await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  await sql.raw(definition.replace(from, to)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    if (sqlite) {
      await rewriteSqliteTrigger(db, `${table}_search_au`, `AFTER UPDATE ON ${table}`, `AFTER UPDATE OF ${columns.join(', ')} ON ${table}`);
    } else {
      await sql.raw(`DROP TRIGGER ${table}_search ON ${table}`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_search AFTER INSERT OR DELETE OR UPDATE OF ${columns.join(', ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_search()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) {
    if (sqlite) {
      await rewriteSqliteTrigger(db, `${table}_search_au`, `AFTER UPDATE OF ${columns.join(', ')} ON ${table}`, `AFTER UPDATE ON ${table}`);
    } else {
      await sql.raw(`DROP TRIGGER ${table}_search ON ${table}`).execute(db);
      await sql.raw(`CREATE TRIGGER ${table}_search AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_search()`).execute(db);
    }
  }
}
