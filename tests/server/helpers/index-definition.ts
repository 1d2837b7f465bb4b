import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../server/src/db/database.js';

/** An index's definition as the database prints it (its column list is the part tests compare); undefined when there is none. */
export async function indexDefinition(database: DatabaseHandle, name: string): Promise<string | undefined> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ text: string }>`select indexdef as text from pg_indexes where schemaname = current_schema() and indexname = ${name}`
      : sql<{ text: string }>`select sql as text from sqlite_master where type = 'index' and name = ${name}`;
  return (await query.execute(database.db)).rows[0]?.text;
}
