import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useCompanyState } from '../stores/hooks';
import { LiveInvalidator } from './liveInvalidation';

/** `connecting` until the first answer, `open` while events flow, `down` between a failure and the next try. */
export type LiveState = 'connecting' | 'open' | 'down';

interface LiveValue {
  state: LiveState;
  /** The unread notifications as the stream last told them; undefined until it did. */
  unread: number | undefined;
}

const LiveContext = createContext<LiveValue>({ state: 'down', unread: undefined });

/** The wait before reconnecting after a failure doubles up to this (the server's `retry:` is the first wait). */
const MAX_RETRY_MS = 30_000;
const FIRST_RETRY_MS = 3_000;
/** After the server ended a stream on purpose: a short pause, so a stream that keeps ending cannot spin. */
const RECONNECT_MS = 500;

/**
 * ONE live stream per tab (issue #22), opened here in the layout for the selected company and read
 * through the data provider. Its events mark the affected cached reads stale (react-query then
 * fetches those on screen once); the unread count arrives with the event. After a drop it
 * reconnects, and refetches everything on screen once, since events may have been missed.
 */
export function LiveUpdates({ children }: { children?: ReactNode }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const companyId = useCompanyState().selectedCompanyId;
  const [value, setValue] = useState<LiveValue>({ state: 'connecting', unread: undefined });

  useEffect(() => {
    if (!companyId) return undefined;
    const controller = new AbortController();
    const invalidator = new LiveInvalidator(queryClient);
    let retryMs = FIRST_RETRY_MS;
    let advised = FIRST_RETRY_MS;
    let opened = false;
    const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const run = async () => {
      setValue({ state: 'connecting', unread: undefined });
      while (!controller.signal.aborted) {
        try {
          await dataProvider.followLiveEvents(
            companyId,
            {
              onOpen: () => {
                // Reopened after a drop or the session's renewal: what happened meanwhile is fetched once.
                if (opened) void queryClient.invalidateQueries();
                opened = true;
                retryMs = advised;
                setValue((current) => ({ ...current, state: 'open' }));
              },
              onEvent: (event) => {
                if (event.type === 'notifications') setValue({ state: 'open', unread: event.unread });
                invalidator.add(event);
              },
              onRetry: (ms) => {
                advised = ms;
              },
            },
            controller.signal,
          );
          // The server ended the stream (the access token's end): reconnect soon; the request refreshes the session.
          retryMs = advised;
          await wait(RECONNECT_MS);
        } catch (error) {
          if (controller.signal.aborted) return;
          console.warn('Live updates interrupted', error);
          setValue((current) => ({ ...current, state: 'down' }));
          await wait(retryMs);
          retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
        }
      }
    };
    void run();
    return () => {
      controller.abort();
      invalidator.stop();
    };
  }, [companyId, dataProvider, queryClient]);

  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** Whether the tab's live stream is open, and the unread count it last told. */
export function useLive(): LiveValue {
  return useContext(LiveContext);
}

/**
 * A slow poll for when the stream is down (a proxy that cuts streams, a server restarting): reads
 * on screen are read again this often until the stream is back. While it is open nothing polls.
 */
export const LIVE_FALLBACK_MS = 30_000;

/** react-query's refetchInterval for a read the stream keeps current: none while it is open, the slow fallback otherwise. */
export function useLiveFallbackInterval(): number | false {
  return useLive().state === 'open' ? false : LIVE_FALLBACK_MS;
}
