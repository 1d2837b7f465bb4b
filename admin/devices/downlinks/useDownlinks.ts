import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useApiQuery } from '../../common/useApiQuery';
import type { AppDataProvider } from '../../providers/dataProvider';
import { isDownlinkInFlight, type DownlinkInput } from '../../types/api';
import { needsNetworkServer } from './downlinkErrors';

/** How often the list is read again while a downlink is on its way (the worker pushes every second; a device answers within seconds to minutes). */
export const DOWNLINK_POLL_MS = 3_000;

/**
 * A device's downlinks through the data provider: the network server's mode, the recent downlinks,
 * sending and flushing. The list is read again every few seconds while one of them may still change
 * (pending, queued, or sent and awaiting its acknowledgement), and not at all otherwise. A 409
 * answer to sending or flushing (the mode changed, or its status could not be read) means standalone.
 */
export function useDownlinks(id: Identifier | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const status = useApiQuery({ queryKey: ['networkStatus'], queryFn: () => dataProvider.networkStatus() });
  const knownStandalone = status.data?.mode === 'standalone';
  const listKey = ['downlinks', id];
  const list = useApiQuery({
    queryKey: listKey,
    queryFn: () => dataProvider.downlinks(id ?? ''),
    enabled: id !== undefined && !status.isPending && !knownStandalone,
    refetchInterval: (query) => (query.state.data?.some(isDownlinkInFlight) ? DOWNLINK_POLL_MS : false),
  });
  const refreshList = () => queryClient.invalidateQueries({ queryKey: listKey });
  const send = useMutation({ mutationFn: (input: DownlinkInput) => dataProvider.sendDownlink(id ?? '', input), onSuccess: refreshList });
  const flush = useMutation({ mutationFn: () => dataProvider.flushDownlinkQueue(id ?? ''), onSuccess: refreshList });
  const standalone = knownStandalone || [send.error, flush.error].some(needsNetworkServer);
  return { status, list, send, flush, standalone };
}

export type Downlinks = ReturnType<typeof useDownlinks>;
