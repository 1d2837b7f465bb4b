import type { AuditAction, AuditEvent, AuditResource } from '../types/api';
import { apiDownload, apiRequest, type Download } from './http';

interface Page<T> {
  count: number;
  results: T[];
}

/** Which entries of a company's audit log to read; every field left out matches all. */
export interface AuditFilter {
  /** A user's or API key's id. */
  actor?: string | undefined;
  action?: AuditAction | undefined;
  resource_type?: AuditResource | undefined;
  /** ISO moments: entries at or after `from`, before `to`. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The audit log of a company (issue #15), added to the data provider. */
export interface AuditApi {
  /** One page of the company's log, newest first. */
  auditEvents(companyId: string, filter: AuditFilter, page: number, perPage: number): Promise<Page<AuditEvent>>;
  /** The whole filtered log as a CSV file, named by the server. */
  exportAuditEvents(companyId: string, filter: AuditFilter): Promise<Download>;
}

/** How the data provider turns an API error into react-admin's (its `call`). */
type Call = <T>(run: () => Promise<T>) => Promise<T>;

const auditPath = (companyId: string) => `/company/${encodeURIComponent(companyId)}/audit`;

export function auditApi(call: Call): AuditApi {
  return {
    auditEvents: (companyId, filter, page, perPage) =>
      call(() => apiRequest<Page<AuditEvent>>(auditPath(companyId), { query: { ...filter, page, page_size: perPage } })),
    exportAuditEvents: (companyId, filter) => call(() => apiDownload(`${auditPath(companyId)}/export`, { query: { ...filter } }, 'audit.csv')),
  };
}
