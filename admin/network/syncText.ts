import type { SyncErrorCode, SyncStatus } from '../types/api';

/** A device, profile or gateway as lists and detail answers carry it; without `network_sync` in standalone mode. */
export interface WithSyncStatus {
  id: string;
  network_sync?: SyncStatus;
}

type Translate = (key: string, options?: object) => string;

/** Why a sync failed, in the reader's language; a code this console does not know yet (a newer server's) reads as the general error. */
export const syncReason = (translate: Translate, code: SyncErrorCode): string => translate(`app.server.sync.${code}`, { _: translate('app.errors.general') });

/** When the state last changed, in the reader's own date format (as notifications show their moments). */
export const syncTime = (at: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
