import type { AppContext, TransactionRepositories } from '../context.js';
import type { NetworkEntityKind } from '../db/schema.js';
import type { SyncStatus } from '../schemas/network.js';

/**
 * Records what the network server must learn of a change, inside the change's own transaction
 * (issue #13: nothing is lost when the network server is down). In standalone mode nothing is
 * recorded, so nothing ever waits on a network server.
 */
export function networkChanges(ctx: AppContext) {
  const enabled = ctx.networkServer.mode !== 'standalone';
  const at = () => ctx.now().toISOString();
  return {
    /** Adds each record's sync status (`network_sync`) to a list or detail answer. */
    async withStatus<T extends { id: string }>(kind: NetworkEntityKind, records: T[]): Promise<(T & { network_sync?: SyncStatus })[]> {
      if (!enabled) return records;
      const statuses = await ctx.repos.networkOutbox.statuses(
        kind,
        records.map((record) => record.id),
      );
      return records.map((record) => {
        const status = statuses.get(record.id);
        return status ? { ...record, network_sync: status } : record;
      });
    },

    async withStatusOne<T extends { id: string }>(kind: NetworkEntityKind, record: T): Promise<T & { network_sync?: SyncStatus }> {
      return (await this.withStatus(kind, [record]))[0] as T & { network_sync?: SyncStatus };
    },

    async put(tx: TransactionRepositories, kind: NetworkEntityKind, entityId: string, companyId: string): Promise<void> {
      if (enabled) await tx.networkOutbox.record({ kind, entityId, companyId, action: 'put' }, at());
    },

    /** Entities just created in bulk (the device import): nothing of theirs can be waiting yet. */
    async putNew(tx: TransactionRepositories, kind: NetworkEntityKind, entityIds: readonly string[], companyId: string): Promise<void> {
      if (enabled) await tx.networkOutbox.recordNew(kind, entityIds, companyId, at());
    },

    /** A company's application is created on first need; later changes (a new name) follow only once it exists. */
    async putApplicationIfKnown(tx: TransactionRepositories, companyId: string): Promise<void> {
      if (enabled && (await tx.networkOutbox.remoteId('application', companyId))) await this.put(tx, 'application', companyId, companyId);
    },

    /**
     * Records a delete with what identifies the entity there: the DevEUI or gateway id, or the id the
     * network server assigned (an application or profile never pushed needs no delete).
     */
    async remove(tx: TransactionRepositories, kind: NetworkEntityKind, entityId: string, companyId: string, naturalKey?: string): Promise<void> {
      if (!enabled) return;
      const remoteId = naturalKey ?? (await tx.networkOutbox.remoteId(kind, entityId));
      await tx.networkOutbox.record({ kind, entityId, companyId, action: 'delete', ...(remoteId ? { target: { remoteId } } : {}) }, at());
    },
  };
}
