import type { Kysely } from 'kysely';

// Rate-limit counters shared by every API node on one PostgreSQL database (issue #16): a client
// spreading its sign-in attempts over several nodes meets one count. One row per key and window;
// the key is a hash, so its size does not depend on what the client sent. A single SQLite node
// counts in memory instead, but gets the table too, so both engines have the same schema.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    // Milliseconds since the epoch at which the window ends and the count starts again.
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
