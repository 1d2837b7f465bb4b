import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';

/** What the readiness probe asks of the database. */
export function healthRepository(db: Db) {
  return {
    /** Resolves when the database answers a trivial query, rejects otherwise. */
    async answers(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** Migrations this server knows that the database has not run. */
    pendingMigrations: () => pendingMigrations(db),
  };
}

export type HealthRepository = ReturnType<typeof healthRepository>;
