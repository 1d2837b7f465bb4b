import type { Kysely } from 'kysely';

// Notifications are rendered in the reader's language from their kind and these parameters
// (JSON). Rows from before keep only their English title and message, which readers still see.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
}
