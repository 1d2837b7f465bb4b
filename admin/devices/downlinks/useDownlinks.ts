import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useApiQuery } from '../../common/useApiQuery';
import type { AppDataProvider } from '../../providers/dataProvider';
import type { DownlinkInput } from '../../types/api';
import { needsNetworkServer } from './downlinkErrors';

/**
 * A device's downlinks through the data provider: the network server's mode, the queue, sending
 * and flushing. The queue is read once the mode is known, so standalone mode asks nothing in
 * vain; a 409 answer (the mode changed, or its status could not be read) also means standalone.
 */
export function useDownlinks(id: Identifier | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const status = useApiQuery({ queryKey: ['networkStatus'], queryFn: () => dataProvider.networkStatus() });
  const knownStandalone = status.data?.mode === 'standalone';
  const queueKey = ['downlinkQueue', id];
  const queue = useApiQuery({
    queryKey: queueKey,
    queryFn: () => dataProvider.downlinkQueue(id ?? ''),
    enabled: id !== undefined && !status.isPending && !knownStandalone,
  });
  const refreshQueue = () => queryClient.invalidateQueries({ queryKey: queueKey });
  const send = useMutation({ mutationFn: (input: DownlinkInput) => dataProvider.sendDownlink(id ?? '', input), onSuccess: refreshQueue });
  const flush = useMutation({ mutationFn: () => dataProvider.flushDownlinkQueue(id ?? ''), onSuccess: refreshQueue });
  const standalone = knownStandalone || [queue.error, send.error, flush.error].some(needsNetworkServer);
  return { status, queue, send, flush, standalone };
}

export type Downlinks = ReturnType<typeof useDownlinks>;
