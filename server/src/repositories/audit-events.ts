import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuditEventsTable } from '../db/schema.js';
import type { AuditAction, AuditResource } from '../domain/audit.js';
import type { AuditEvent } from '../schemas/audit.js';
import { listPage, type PageWindow } from './list-page.js';

export interface AuditFilters {
  actor?: string | undefined;
  action?: AuditAction | undefined;
  resourceType?: AuditResource | undefined;
  resourceId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const toEvent = (row: Selectable<AuditEventsTable>): AuditEvent => ({
  ...row,
  changes: row.changes === null ? null : (JSON.parse(row.changes) as AuditEvent['changes']),
});

/** Reading a company's audit log; entries are written by repositories/audited.ts, purged by maintenance.ts. */
export function auditEventsRepository(db: Db) {
  const filtered = (companyId: string, f: AuditFilters) => {
    let query = db.selectFrom('audit_events').where('company_id', '=', companyId);
    if (f.actor) query = query.where('actor_id', '=', f.actor);
    if (f.action) query = query.where('action', '=', f.action);
    if (f.resourceType) query = query.where('resource_type', '=', f.resourceType);
    if (f.resourceId) query = query.where('resource_id', '=', f.resourceId);
    // Stored as ISO text in UTC, so text order is time order.
    if (f.from) query = query.where('at', '>=', new Date(f.from).toISOString());
    if (f.to) query = query.where('at', '<', new Date(f.to).toISOString());
    return query;
  };
  // Ids are time-ordered (UUIDv7): they break ties within one millisecond in the order of writing.
  const newestFirst = (query: ReturnType<typeof filtered>) => query.selectAll().orderBy('at', 'desc').orderBy('id', 'desc');

  return {
    async list(companyId: string, filters: AuditFilters, window: PageWindow): Promise<{ count: number; results: AuditEvent[] }> {
      return listPage(filtered(companyId, filters), window, newestFirst, toEvent);
    },

    /** The whole filtered log, a batch at a time (the CSV export never holds it in memory). */
    async *matching(companyId: string, filters: AuditFilters, batch = 1000): AsyncGenerator<AuditEvent[]> {
      for (let offset = 0; ; offset += batch) {
        const rows = await newestFirst(filtered(companyId, filters)).limit(batch).offset(offset).execute();
        if (rows.length > 0) yield rows.map(toEvent);
        if (rows.length < batch) return;
      }
    },
  };
}

export type AuditEventsRepository = ReturnType<typeof auditEventsRepository>;
