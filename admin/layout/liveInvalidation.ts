import type { Query, QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../types/api';

/** Events of a short while are applied together: a busy company refetches a list once, not per device. */
export const LIVE_BATCH_MS = 300;

/** The react-admin resource a network-sync event is about. */
const SYNC_RESOURCE = { device: 'devices', profile: 'profiles', gateway: 'gateways' } as const;

/**
 * Which cached reads an event makes stale: the resource's lists and records (react-admin keys start
 * with the resource name) and the record's own reads (frames, events, downlinks …, keyed by its id
 * after their name, see useRecordLiveQuery). The unread count is not among them: it comes in the event.
 */
export function staleKeys(event: LiveEvent): { resources: string[]; ids: string[] } {
  switch (event.type) {
    case 'device_status':
      // A device heard is a frame its gateways relayed: an open gateway page reads its frames again.
      return { resources: ['devices', 'gatewayFrames', 'gatewayDevices'], ids: [event.device_id] };
    case 'gateway_status':
      return { resources: ['gateways'], ids: [event.gateway_id] };
    case 'network_sync':
      return { resources: [SYNC_RESOURCE[event.kind]], ids: [event.id] };
    case 'downlink_state':
      return { resources: [], ids: [event.device_id] };
    case 'notifications':
      return { resources: ['notifications'], ids: [] };
  }
}

/** Gathers events and marks what they make stale at most once per LIVE_BATCH_MS; only reads on screen are fetched again. */
export class LiveInvalidator {
  private readonly resources = new Set<string>();
  private readonly ids = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly queryClient: QueryClient) {}

  add(event: LiveEvent): void {
    const { resources, ids } = staleKeys(event);
    for (const resource of resources) this.resources.add(resource);
    for (const id of ids) this.ids.add(id);
    this.timer ??= setTimeout(() => this.flush(), LIVE_BATCH_MS);
  }

  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const resources = new Set(this.resources);
    const ids = new Set(this.ids);
    this.resources.clear();
    this.ids.clear();
    if (resources.size === 0 && ids.size === 0) return;
    const stale = (query: Query): boolean => {
      const [head, second] = query.queryKey;
      return (typeof head === 'string' && resources.has(head)) || (typeof second === 'string' && ids.has(second));
    };
    void this.queryClient.invalidateQueries({ predicate: stale });
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
