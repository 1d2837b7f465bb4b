import { useListContext } from 'react-admin';
import type { WithSyncStatus } from './syncText';

/**
 * Whether the list's records carry a sync state, i.e. a network server is linked. Standalone
 * installations answer without one, and their lists get no empty "Network server" column.
 */
export function useListCarriesSync(): boolean {
  const { data } = useListContext<WithSyncStatus>();
  return data?.some((record) => record.network_sync !== undefined) ?? false;
}
