import type { Kysely } from 'kysely';

// Issue #20: whole-fleet bulk operations run by the server as one job. A job walks the company's
// matching devices in id order, a batch per transaction; the batch's work, the cursor (the last id
// done) and the count of devices done commit together, so a node killed mid-job leaves the job to
// resume right after its last committed batch. The lease keeps one node on a job at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    // 'delete' | 'move' | 'profile'
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: the list's filters when taken (all matching), or null when the user picked the rows.
    .addColumn('filter', 'text')
    // JSON array of device ids the user picked, or null when the filter selects.
    .addColumn('device_ids', 'text')
    // The unit to move to (null: out of every unit) or the profile to switch to.
    .addColumn('unit_id', 'text')
    .addColumn('profile_id', 'text')
    // 'queued' | 'running' | 'cancelled' | 'done' | 'failed'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done_count', 'integer', (c) => c.notNull())
    .addColumn('cursor', 'text')
    .addColumn('leased_by', 'text')
    .addColumn('leased_until', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('error_code', 'text')
    .execute();
  // Nodes look for jobs to run; the console lists a company's recent jobs.
  await db.schema.createIndex('bulk_jobs_state_idx').on('bulk_jobs').columns(['state', 'leased_until']).execute();
  await db.schema.createIndex('bulk_jobs_company_idx').on('bulk_jobs').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bulk_jobs').execute();
}
