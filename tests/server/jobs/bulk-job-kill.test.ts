import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkJobsRepository } from '../../../server/src/repositories/bulk-jobs.js';
import { until } from '../helpers/mqtt-broker.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { testDialect } from '../helpers/test-app.js';

const DEVICES = 5000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Issue #20: two API nodes on one database run a bulk job; the node holding it is killed with
// SIGKILL mid-job. The other node (and the killed one, restarted) take it over once the lease runs
// out, it resumes after the last committed batch and finishes with each device done exactly once:
// the count of devices done, moved forward in each batch's own transaction, ends at the total.
describe('a bulk job whose node is killed with SIGKILL', () => {
  let database: SharedDatabase;
  let env: Record<string, string>;
  let main: string;
  const nodes: ServerProcess[] = [];

  const startNode = async (): Promise<ServerProcess> => {
    const port = await freePort();
    const node = new ServerProcess(main, { ...env, PORT: String(port), HOST: '127.0.0.1' });
    nodes.push(node);
    node.start();
    expect(await node.logged('LoRa console on', 1, 300_000), node.tail()).toBe(true);
    return node;
  };

  beforeAll(async () => {
    main = await builtServer();
    database = await sharedDatabase('bulk-kill');
    env = { ...database.env, BULK_JOB_BATCH_SIZE: '5', BULK_JOB_LEASE_SECONDS: '2', MQTT_PORT: '0', LOG_LEVEL: 'info' };
  }, 600_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop('SIGKILL');
    await database?.drop();
  }, 60_000);

  it('resumes after the last committed batch and does each device once', { timeout: 900_000 }, async () => {
    const { db } = database.handle;
    const at = new Date(Date.now() - 60_000).toISOString();
    const company = randomUUID();
    const unit = randomUUID();
    await db.insertInto('companies').values({ id: company, name: 'Fleet', tenant_id: null, created_at: at }).execute();
    await db.insertInto('units').values({ id: unit, company_id: company, name: 'Moved', group_id: null, created_at: at }).execute();
    for (let i = 0; i < DEVICES; i += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => ({
        id: randomUUID(),
        company_id: company,
        dev_eui: `DD${(i + j).toString(16).toUpperCase().padStart(14, '0')}`,
        name: `device ${i + j}`,
        app_key: 'A'.repeat(32),
        profile_id: null,
        unit_id: null,
        last_seen: null,
        power_source: 'unknown' as const,
        battery_level: null,
        created_at: at,
      }));
      await db.insertInto('devices').values(rows).execute();
    }

    const nodeA = await startNode();
    const nodeB = await startNode();
    const jobs = bulkJobsRepository(db, testDialect);
    const job = await jobs.create(
      { companyId: company, kind: 'move', filter: {}, deviceIds: null, unitId: unit, profileId: null, createdBy: null },
      new Date().toISOString(),
    );
    expect(job.total).toBe(DEVICES);

    // Killed once it has committed a few batches.
    expect(await until(async () => ((await jobs.find(job.id))?.done_count ?? 0) >= 50, 60_000, 10)).toBe(true);
    const holder = (await jobs.find(job.id))?.leased_by ?? '';
    const victim = [nodeA, nodeB].find((node) => holder.includes(`-${node.pid}-`));
    expect(victim, holder).toBeDefined();
    await victim?.stop('SIGKILL');
    const killed = await jobs.find(job.id);
    expect(killed?.state).toBe('running');
    expect(killed?.done_count).toBeLessThan(DEVICES);
    await startNode();

    expect(await until(async () => (await jobs.find(job.id))?.state === 'done', 120_000, 100)).toBe(true);
    const finished = await jobs.find(job.id);
    expect(finished).toMatchObject({ state: 'done', total: DEVICES, done_count: DEVICES });
    expect(finished?.leased_by).toBeNull();
    const notMoved = await db.selectFrom('devices').select('id').where('company_id', '=', company).where('unit_id', 'is', null).execute();
    expect(notMoved).toEqual([]);
  });
});
