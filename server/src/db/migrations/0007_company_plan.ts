import type { Kysely } from 'kysely';

// Each company's subscription plan; time-series retention follows it (server/src/domain/plans.ts).
// Existing companies start on Free, which keeps the one month every company had until now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('plan', 'text', (column) => column.notNull().defaultTo('free'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('plan').execute();
}
