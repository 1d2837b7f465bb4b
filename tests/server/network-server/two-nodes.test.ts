import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle, type Db } from '../../../server/src/db/database.js';
import { until } from '../helpers/mqtt-broker.js';
import { call } from '../helpers/users.js';
import { createRecord } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-app.js';
import { provisioningSetup, waiting, type ProvisioningSetup } from './provisioning-setup.js';
import { APP_KEY, devEuis } from './samples.js';
import { remoteQueue, sendDownlink } from './downlink-setup.js';
import { networkOutboxRepository, type OutboxRow } from '../../../server/src/repositories/network-outbox.js';

// Several API nodes share one PostgreSQL (issue #13): each node's worker has its own connection
// pool, as separate processes have, and each change reaches ChirpStack exactly once.
describe.skipIf(!testDatabaseUrl)('two nodes on one PostgreSQL', () => {
  let s: ProvisioningSetup;
  let second: DatabaseHandle;
  beforeEach(async () => {
    s = await provisioningSetup();
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(s.t.db)).rows[0]?.schema;
    second = await openDatabase({ databaseUrl: s.t.databaseUrl, pgSchema: schema });
  });
  afterEach(async () => {
    await second.close();
    await s.close();
  });

  it('push each of 300 changes once, the application and profile they need included', async () => {
    const profile = await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Room sensor' });
    const devices = devEuis(300).map((dev_eui) => ({ dev_eui, app_key: APP_KEY }));
    await call(s.t.app, s.alice, 'POST', '/api/device/bulk/', { company_id: s.company, config: profile, devices });
    const nodes = [s.worker(s.t.db, 'node-a'), s.worker(second.db, 'node-b')];
    // A node that finds the dependency held by the other waits a moment for it: drain until all is done.
    while ((await waiting(s.t)).length > 0) {
      await Promise.all(nodes.map((node) => node.drain()));
      s.t.clock.advance(2_000);
    }
    expect(s.chirpstack.devices.size).toBe(300);
    expect(s.chirpstack.requests('DeviceService/Create')).toHaveLength(300);
    expect(s.chirpstack.requests('ApplicationService/Create')).toHaveLength(1);
    expect(s.chirpstack.requests('DeviceProfileService/Create')).toHaveLength(1);
    expect(s.chirpstack.integrations.size).toBe(1);
  });

  /** Four devices, each sent ten downlinks in turn (payload byte = order sent). */
  const sendFortyDownlinks = async (euis: string[]) => {
    const profile = await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Valve' });
    const devices = await Promise.all(
      euis.map((dev_eui) => createRecord(s.t, s.alice, '/api/device/', { company_id: s.company, dev_eui, app_key: APP_KEY, config: profile })),
    );
    for (let i = 0; i < 40; i++) {
      await sendDownlink(s, devices[i % devices.length] as string, { f_port: 1, payload: i.toString(16).padStart(2, '0'), encoding: 'hex' });
    }
  };

  it('push each downlink once, each device’s in the order they were sent', async () => {
    const euis = devEuis(4);
    await sendFortyDownlinks(euis);
    const nodes = [s.worker(s.t.db, 'node-a'), s.worker(second.db, 'node-b')];
    while ((await waiting(s.t)).length > 0) {
      await Promise.all(nodes.map((node) => node.drain()));
      s.t.clock.advance(2_000);
    }
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toHaveLength(40);
    euis.forEach((eui, d) => {
      expect(remoteQueue(s, eui).map((item) => item.bytes[0])).toEqual(Array.from({ length: 10 }, (_, k) => k * 4 + d));
    });
  });

  it('a node claiming while another node’s claim is not yet committed takes no downlink of the same devices', async () => {
    await sendFortyDownlinks(devEuis(4));
    const at = s.t.clock.now().toISOString();
    const lease = new Date(s.t.clock.now().getTime() + 60_000).toISOString();
    let settled = false;
    const { first, claimOfB } = await s.t.db.transaction().execute(async (trx) => {
      const first = await networkOutboxRepository(trx, 'postgres').claim('node-a', at, lease, 25);
      const claimOfB = networkOutboxRepository(second.db, 'postgres').claim('node-b', at, lease, 25);
      void claimOfB.finally(() => (settled = true));
      // node-a commits only once node-b's claim has run or is waiting for a lock, so node-b reads past the uncommitted claim if it can.
      await until(async () => settled || (await claimsWaitingForLock(trx)) > 0);
      return { first, claimOfB };
    });
    const downlinksOf = (rows: OutboxRow[]) => rows.filter((row) => row.kind === 'downlink');
    const devicesOfA = new Set(downlinksOf(first).map((row) => row.entity_id));
    expect(devicesOfA.size).toBe(4);
    expect(downlinksOf(await claimOfB).filter((row) => devicesOfA.has(row.entity_id))).toEqual([]);
  });
});

/** Statements of this database that touch the outbox and wait for a lock another transaction holds. */
const claimsWaitingForLock = async (db: Db) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%network_outbox%'`.execute(
        db,
      )
    ).rows[0]?.n ?? 0,
  );
