import type { Kysely } from 'kysely';

// Issue #17: a suspended company's users are told why and whom to ask. The operator gives the reason
// when suspending; the contact is that operator's e-mail. Both are cleared when the company resumes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('companies').addColumn('suspension_contact', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('companies').dropColumn('suspension_contact').execute();
  await db.schema.alterTable('companies').dropColumn('suspension_reason').execute();
}
