import { createChirpstackNetworkServer } from '../../../server/src/dataplane/network-server/chirpstack.js';
import { NetworkSyncWorker } from '../../../server/src/dataplane/network-server/sync-worker.js';
import { networkOutboxRepository } from '../../../server/src/repositories/network-outbox.js';
import { downlinksRepository } from '../../../server/src/repositories/downlinks.js';
import { networkEntitiesRepository } from '../../../server/src/repositories/network-entities.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import type { Db } from '../../../server/src/db/database.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { twoCompanies, type TwoCompanies } from '../helpers/fixtures.js';
import { ChirpstackDouble, type RunningDouble } from './chirpstack-double.js';

export const PUBLIC_URL = 'https://console.example.com';

/** Two companies on an app that provisions into the ChirpStack double (issue #13). */
export interface ProvisioningSetup extends TwoCompanies {
  chirpstack: ChirpstackDouble;
  running: RunningDouble;
  /** A node's worker on this app's database (or on another connection to it); `close()` ends them all. */
  worker(db?: Db, node?: string): NetworkSyncWorker;
  close(): Promise<void>;
}

export async function provisioningSetup(): Promise<ProvisioningSetup> {
  const chirpstack = new ChirpstackDouble();
  const running = await chirpstack.start();
  const setup = await twoCompanies({
    CHIRPSTACK_API_URL: running.url,
    CHIRPSTACK_API_TOKEN: running.config.apiToken,
    CHIRPSTACK_TENANT_ID: running.config.tenantId,
    PUBLIC_URL,
  });
  const servers: { close(): void }[] = [];
  const worker = (db: Db = setup.t.db, node?: string) => {
    const server = createChirpstackNetworkServer(running.config);
    servers.push(server);
    return new NetworkSyncWorker({
      outbox: networkOutboxRepository(db, testDialect),
      entities: networkEntitiesRepository(db),
      downlinks: downlinksRepository(db),
      notifications: notificationsRepository(db),
      server,
      now: setup.t.clock.now,
      ingestUrl: `${PUBLIC_URL}/api/ingest/chirpstack`,
      ...(node ? { node } : {}),
    });
  };
  return {
    ...setup,
    chirpstack,
    running,
    worker,
    async close() {
      for (const server of servers) server.close();
      await setup.t.close();
      await running.close();
    },
  };
}

/** The outbox rows still waiting. */
export const waiting = (t: TestApp) => t.db.selectFrom('network_outbox').selectAll().execute();
