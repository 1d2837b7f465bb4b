import type { Kysely } from 'kysely';

// Issue #17: API tokens used, per company and UTC day (the usage page's daily chart; a month is the
// sum of its days). API nodes add their counts in batches with one upsert-increment per company and
// day, so rows are few and a write never reads first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('token_usage')
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('token_usage_pk', ['company_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('token_usage').execute();
}
