import { sql, type Kysely } from 'kysely';

/** How long an invite written before this migration stays joinable, counted from the migration. */
const BACKFILL_INVITE_DAYS = 7;

// Teams (issue #15): roles per company (owner, admin, member, viewer), invites that carry a role,
// an expiry and whether anyone with the code may join, withdrawn invites kept so their code says
// "deleted" rather than "unknown", the last time a member acted in the company, and API keys
// scoped to one company and/or read-only. Creators are owners already (companies.create); every
// other membership becomes a member.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update company_members set role = 'member' where role <> 'owner'`.execute(db);
  await db.schema.alterTable('company_members').addColumn('last_active_at', 'text').execute();

  await db.schema
    .alterTable('invites')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema.alterTable('invites').addColumn('expires_at', 'text').execute();
  await db.schema
    .alterTable('invites')
    .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('invites').addColumn('deleted_at', 'text').execute();
  const expiresAt = new Date(Date.now() + BACKFILL_INVITE_DAYS * 86_400_000).toISOString();
  await sql`update invites set expires_at = ${expiresAt} where expires_at is null`.execute(db);

  await db.schema
    .alterTable('api_keys')
    .addColumn('company_id', 'text', (c) => c.references('companies.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('api_keys')
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_keys_company_idx').on('api_keys').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_keys_company_idx').execute();
  await db.schema.alterTable('api_keys').dropColumn('read_only').execute();
  await db.schema.alterTable('api_keys').dropColumn('company_id').execute();
  await sql`delete from invites where deleted_at is not null`.execute(db);
  for (const column of ['deleted_at', 'is_open', 'expires_at', 'role']) await db.schema.alterTable('invites').dropColumn(column).execute();
  await db.schema.alterTable('company_members').dropColumn('last_active_at').execute();
  await sql`update company_members set role = 'member' where role <> 'owner'`.execute(db);
}
