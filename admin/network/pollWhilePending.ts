import type { SyncStatus } from '../types/api';
import { useLiveFallbackInterval } from '../layout/LiveUpdates';

/**
 * How often a list or record showing a pending sync is read again. The worker sends a change within
 * a second or two; once ChirpStack is back after an outage it retries on its own backoff, so a
 * steady few seconds shows either without loading the API.
 */
export const SYNC_POLL_MS = 4_000;

/** A record as react-query holds it (`id` keeps TypeScript from treating the shape as all-optional). */
type Synced = { id: unknown; network_sync?: SyncStatus };

const isPending = (record: Synced | undefined): boolean => record?.network_sync?.state === 'pending';

/**
 * react-query's refetchInterval for a react-admin list (`<List queryOptions={pollListWhilePending}>`):
 * while any row on the page waits for the network server the page is read again, so its chip turns
 * "In sync" or "Failed" without a reload; with nothing pending (or standalone) nothing is polled.
 * react-query stops polling a hidden tab on its own.
 */
export const pollListWhilePending = {
  refetchInterval: (query: { state: { data?: { data?: Synced[] } } }): number | false => (query.state.data?.data?.some(isPending) ? SYNC_POLL_MS : false),
};

/**
 * The device and gateway lists: last seen, power status, a gateway's connection and sync states
 * change without a reload. The tab's live stream marks the page stale when one of them changes;
 * only while the stream is down is the page polled (slowly, faster while a sync is pending).
 */
export function useListLivePoll() {
  const fallback = useLiveFallbackInterval();
  return {
    refetchInterval: (query: { state: { data?: { data?: Synced[] } } }): number | false =>
      fallback === false ? false : query.state.data?.data?.some(isPending) ? SYNC_POLL_MS : fallback,
  };
}

/** The same for one record's page (`<Edit queryOptions={pollRecordWhilePending}>`, or a show view). */
export const pollRecordWhilePending = {
  refetchInterval: (query: { state: { data?: Synced } }): number | false => (isPending(query.state.data) ? SYNC_POLL_MS : false),
};

/**
 * The reset a form on a polled record does when the record is read again: what the user changed
 * stays, the rest (the sync state among it) takes the new values. Without it a sync finishing while
 * someone edits would wipe their edits.
 */
export const KEEP_EDITS = { keepDirtyValues: true } as const;
