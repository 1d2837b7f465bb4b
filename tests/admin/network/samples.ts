import type { SyncStatus } from '../../../admin/types/api';

/** Sync states as the API sends them (server/src/schemas/network.ts), one per state. */
export const SYNC_AT = '2026-11-22T10:00:00.000Z';
export const syncStates = {
  synced: { state: 'synced', error_code: null, error_message: null, updated_at: SYNC_AT },
  pending: { state: 'pending', error_code: null, error_message: null, updated_at: SYNC_AT },
  failed: { state: 'failed', error_code: 'invalid_argument', error_message: 'dev_eui: invalid length', updated_at: SYNC_AT },
} satisfies Record<string, SyncStatus>;

/** How the console writes SYNC_AT in a language (the same format as notifications). */
export const syncAtIn = (locale: string): string => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(SYNC_AT));
