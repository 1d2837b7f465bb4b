import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyDownlinkEvent, downlinksRepository, type DownlinksRepository } from '../../../server/src/repositories/downlinks.js';
import { networkOutboxRepository, type NetworkOutboxRepository } from '../../../server/src/repositories/network-outbox.js';
import { insertDevice, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';

const T0 = '2026-11-23T10:00:00.000Z';
const T1 = '2026-11-23T10:00:01.000Z';
const LEASE = '2026-11-23T10:01:00.000Z';
const LATER = '2026-11-23T11:00:00.000Z';

// Downlinks and their outbox changes (issue #13): states move only forward, a device's downlinks
// are claimed in the order they were sent, a flush takes only what nobody is pushing.
describe('downlinks repository', () => {
  let t: TestApp;
  let company: string;
  let device: string;
  let downlinks: DownlinksRepository;
  let outbox: NetworkOutboxRepository;

  beforeAll(async () => {
    ({ t, company } = await oneCompany());
    device = await insertDevice(t, { company_id: company, dev_eui: '70B3D57ED0001234', name: 'Valve' });
    downlinks = downlinksRepository(t.db);
    outbox = networkOutboxRepository(t.db, testDialect);
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('network_outbox').execute();
    await t.db.deleteFrom('downlinks').execute();
  });

  /** Records a downlink with its outbox change, as the route does. */
  async function send(dataHex: string, at = T0) {
    const downlink = await downlinks.create({ companyId: company, deviceId: device, fPort: 1, confirmed: true, dataHex }, at);
    await outbox.recordDownlink(device, company, { action: 'put', downlinkId: downlink.id }, at);
    return downlink;
  }
  const stateOf = async (id: string) => (await downlinks.find(id))?.state;
  const claimedData = async (node: string, at = T0) =>
    Promise.all((await outbox.claim(node, at, LEASE, 10)).map(async (row) => (await downlinks.find(JSON.parse(row.target ?? '{}').downlinkId))?.data_hex));

  it('lists newest first, also within one millisecond', async () => {
    for (const data of ['01', '02', '03']) await send(data);
    expect((await downlinks.list(device)).map((downlink) => downlink.data_hex)).toEqual(['03', '02', '01']);
    expect(await downlinks.list(device, 2)).toHaveLength(2);
  });

  it('moves pending to queued once, and never a downlink that left pending', async () => {
    const { id } = await send('01');
    expect(await downlinks.markQueued(id, 'q1', T1)).toBe(true);
    expect(await downlinks.markQueued(id, 'q2', T1)).toBe(false);
    expect(await downlinks.markFailed(id, 'invalid_argument', 'no', T1)).toBe(false);
    expect(await downlinks.find(id)).toMatchObject({ state: 'queued', queue_item_id: 'q1', updated_at: T1 });
  });

  it('events move a queued downlink forward only, matched by queue item id within the device', async () => {
    const { id } = await send('01');
    await downlinks.markQueued(id, 'q1', T0);
    await applyDownlinkEvent(t.db, device, { queueItemId: 'other', state: 'sent', fCntDown: 1 }, T1);
    expect(await stateOf(id)).toBe('queued');
    await applyDownlinkEvent(t.db, device, { queueItemId: 'q1', state: 'sent', fCntDown: 7 }, T1);
    await applyDownlinkEvent(t.db, device, { queueItemId: 'q1', state: 'acknowledged', fCntDown: 7 }, T1);
    await applyDownlinkEvent(t.db, device, { queueItemId: 'q1', state: 'sent', fCntDown: 7 }, LATER);
    await applyDownlinkEvent(t.db, device, { queueItemId: 'q1', state: 'failed', errorCode: 'payload_too_large' }, LATER);
    expect(await downlinks.find(id)).toMatchObject({ state: 'acknowledged', updated_at: T1, error_code: null });
  });

  it("claims a device's downlinks in order: none overtakes an earlier one waiting for its retry", async () => {
    await send('01');
    await send('02');
    const [first] = await outbox.claim('node-a', T0, LEASE, 1);
    expect(first).toBeDefined();
    // While node-a holds the first, nobody takes the second.
    expect(await outbox.claim('node-b', T0, LEASE, 10)).toEqual([]);
    await outbox.release(first as NonNullable<typeof first>, LATER);
    expect(await outbox.claim('node-b', T1, LEASE, 10)).toEqual([]);
    expect(await claimedData('node-b', LATER)).toEqual(['01', '02']);
  });

  it('a flush takes the unclaimed downlinks and leaves the one being pushed', async () => {
    const pushing = await send('01');
    const waitingOne = await send('02');
    await outbox.claim('node-a', T0, LEASE, 1);
    const taken = await outbox.takeWaitingDownlinks(device, T1);
    expect(taken).toEqual([waitingOne.id]);
    await downlinks.cancelPending(taken, T1);
    expect([await stateOf(pushing.id), await stateOf(waitingOne.id)]).toEqual(['pending', 'cancelled']);
    expect((await t.db.selectFrom('network_outbox').select('target').execute()).map((row) => row.target)).toEqual([JSON.stringify({ downlinkId: pushing.id })]);
  });
});
