import type { Kysely } from 'kysely';

// Issue #18: the deliveries log shows how long the receiver took to answer an attempt, in
// milliseconds (null before the first attempt, and for a delivery given up without sending).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('duration_ms', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('duration_ms').execute();
}
