import type { Kysely } from 'kysely';

// Issue #17: what the operator sets per company beyond its plan, and who the operators are.
// `device_limit` and `token_quota` override the plan's (null: the plan's own, server/src/domain/pricing.ts);
// a company with `suspended_at` keeps all its data but may only read it. Operators named in the
// database (`npm run operator -- grant <email>`) add to those of OPERATOR_EMAILS.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('device_limit', 'integer').execute();
  await db.schema.alterTable('companies').addColumn('token_quota', 'integer').execute();
  await db.schema.alterTable('companies').addColumn('suspended_at', 'text').execute();
  await db.schema
    .createTable('operators')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operators').execute();
  await db.schema.alterTable('companies').dropColumn('suspended_at').execute();
  await db.schema.alterTable('companies').dropColumn('token_quota').execute();
  await db.schema.alterTable('companies').dropColumn('device_limit').execute();
}
