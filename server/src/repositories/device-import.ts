import type { Db } from '../db/database.js';
import type { Insertable } from 'kysely';
import type { DevicesTable } from '../db/schema.js';
import { appendAudit } from './audited.js';

// 500 rows × 12 columns stays far below both databases' bound-parameter limits.
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Set-based queries of the bulk import: a few statements per 500 rows, never one per row. */
export function deviceImportRepository(db: Db) {
  return {
    /** The DevEUIs among these that exist already (in any company), with their device id and company. */
    async existing(devEuis: readonly string[]): Promise<Map<string, { id: string; company_id: string }>> {
      const found = new Map<string, { id: string; company_id: string }>();
      for (const part of chunks(devEuis)) {
        const rows = await db.selectFrom('devices').select(['id', 'dev_eui', 'company_id']).where('dev_eui', 'in', part).execute();
        for (const row of rows) found.set(row.dev_eui, { id: row.id, company_id: row.company_id });
      }
      return found;
    },

    async profileIds(companyId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('profiles').select('id').where('company_id', '=', companyId).execute();
      return new Set(rows.map((r) => r.id));
    },

    async unitExists(companyId: string, unitId: string): Promise<boolean> {
      return (await db.selectFrom('units').select('id').where('id', '=', unitId).where('company_id', '=', companyId).executeTakeFirst()) !== undefined;
    },

    /**
     * Inserts the rows; a DevEUI that a concurrent request took meanwhile is skipped (ON CONFLICT DO
     * NOTHING). Returns the ids that were really inserted. Call it inside a transaction (the route
     * records the new devices for the network server in the same one).
     */
    async insert(rows: readonly Insertable<DevicesTable>[], audit: { companyId: string; rows: number }): Promise<Set<string>> {
      const inserted = new Set<string>();
      for (const part of chunks(rows)) {
        await db
          .insertInto('devices')
          .values(part)
          .onConflict((c) => c.column('dev_eui').doNothing())
          .execute();
        const ids = part.map((r) => r.id);
        const present = await db.selectFrom('devices').select('id').where('id', 'in', ids).execute();
        for (const row of present) inserted.add(row.id);
      }
      // One entry for the file with its row counts, not one per device.
      await appendAudit(db, {
        companyIds: [audit.companyId],
        action: 'import',
        resource: 'device',
        resourceId: null,
        changes: { rows: audit.rows, created: inserted.size, not_created: audit.rows - inserted.size },
      });
      return inserted;
    },
  };
}
