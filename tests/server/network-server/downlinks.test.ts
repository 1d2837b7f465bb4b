import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { createApiKey } from '../helpers/fixtures.js';
import { call, callWithKey } from '../helpers/users.js';
import { provisioningSetup, waiting, type ProvisioningSetup } from './provisioning-setup.js';
import { asAlice, downlinksOf, pushAll, remoteQueue, sendDownlink, thermostat } from './downlink-setup.js';
import { DEV_EUI } from './samples.js';

const HOUR = 3_600_000;

// Downlinks go through the outbox (issue #13): recorded at once, pushed by the worker.
describe('downlinks through the outbox into ChirpStack', () => {
  let s: ProvisioningSetup;
  let reader: string;
  beforeEach(async () => {
    s = await provisioningSetup();
    reader = await createApiKey(s.t, s.alice, 'Reader');
  });
  afterEach(async () => s.close());

  const notifications = async () =>
    (await callWithKey(s.t.app, reader, 'GET', '/api/user/notifications/'))
      .json<{ results: { kind: string; params: object }[] }>()
      .results.map(({ kind, params }) => ({
        kind,
        params,
      }));

  it('stays pending while ChirpStack is down, then arrives once as Enqueue with the bytes the codec encoded', async () => {
    const device = await thermostat(s, DEV_EUI);
    s.chirpstack.unavailable = true;
    const downlink = await sendDownlink(s, device, { payload: '{"setpoint": 21}', encoding: 'json', confirmed: true });
    expect(downlink).toMatchObject({ state: 'pending', f_port: 10, data_hex: '0100D2' });

    const worker = s.worker();
    await worker.drain();
    expect(await downlinksOf(s, device)).toEqual([expect.objectContaining({ id: downlink.id, state: 'pending', error_code: 'unavailable' })]);
    s.t.clock.advance(HOUR);
    await worker.drain();
    expect(await downlinksOf(s, device)).toEqual([expect.objectContaining({ state: 'pending', error_code: 'unavailable' })]);

    s.chirpstack.unavailable = false;
    s.chirpstack.clearCalls();
    s.t.clock.advance(HOUR);
    await pushAll(s, worker);
    const [queued] = remoteQueue(s, DEV_EUI);
    expect(remoteQueue(s, DEV_EUI)).toEqual([{ id: expect.any(String), fPort: 10, confirmed: true, bytes: [0x01, 0x00, 0xd2] }]);
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toHaveLength(1);
    expect(await downlinksOf(s, device)).toEqual([
      expect.objectContaining({ id: downlink.id, state: 'queued', queue_item_id: queued?.id, error_code: null, error_message: null }),
    ]);

    s.t.clock.advance(HOUR);
    await worker.drain();
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toHaveLength(1);
    expect(await waiting(s.t)).toEqual([]);
  });

  it('pushes the device first when its downlink is due before it was provisioned', async () => {
    const device = await thermostat(s, DEV_EUI);
    await sendDownlink(s, device, { f_port: 5, payload: 'CAFE', encoding: 'hex' });
    await s.worker().drain();
    expect(s.chirpstack.devices.has(DEV_EUI.toLowerCase())).toBe(true);
    expect(remoteQueue(s, DEV_EUI)).toEqual([expect.objectContaining({ fPort: 5, confirmed: false, bytes: [0xca, 0xfe] })]);
  });

  it('keeps the order they were sent in, also when the first ones had to wait', async () => {
    const device = await thermostat(s, DEV_EUI);
    const worker = s.worker();
    await worker.drain();
    s.chirpstack.unavailable = true;
    for (const payload of ['01', '02']) await sendDownlink(s, device, { f_port: 1, payload, encoding: 'hex' });
    await worker.drain();
    s.chirpstack.unavailable = false;
    // Sent after the network server came back, before the first two were due again: it waits for them.
    await sendDownlink(s, device, { f_port: 1, payload: '03', encoding: 'hex' });
    await worker.drain();
    expect(remoteQueue(s, DEV_EUI)).toEqual([]);
    s.t.clock.advance(HOUR);
    await worker.drain();
    expect(remoteQueue(s, DEV_EUI).map((item) => item.bytes)).toEqual([[1], [2], [3]]);
  });

  it('fails for good with the reason when ChirpStack refuses it, and notifies the company once', async () => {
    const device = await thermostat(s, DEV_EUI);
    const worker = s.worker();
    await worker.drain();
    s.chirpstack.failNext('DeviceService/Enqueue', status.INVALID_ARGUMENT, 'Validation error: FPort must be between 1 - 255');
    s.chirpstack.failNext('DeviceService/Enqueue', status.INVALID_ARGUMENT, 'Validation error: FPort must be between 1 - 255');
    const first = await sendDownlink(s, device, { f_port: 1, payload: '01', encoding: 'hex' });
    const second = await sendDownlink(s, device, { f_port: 2, payload: '02', encoding: 'hex' });
    await worker.drain();

    expect(await downlinksOf(s, device)).toEqual([
      expect.objectContaining({ id: first.id, state: 'failed', error_code: 'invalid_argument', error_message: expect.stringContaining('FPort must be') }),
      expect.objectContaining({ id: second.id, state: 'failed', error_code: 'invalid_argument' }),
    ]);
    expect(await notifications()).toEqual([{ kind: 'downlink_failed', params: { name: 'Thermostat', f_port: 1 } }]);
    expect(await waiting(s.t)).toEqual([]);
    s.t.clock.advance(HOUR);
    await worker.drain();
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toHaveLength(2);

    // Accepted again, then refused again: a new notification.
    await sendDownlink(s, device, { f_port: 3, payload: '03', encoding: 'hex' });
    await worker.drain();
    s.chirpstack.failNext('DeviceService/Enqueue', status.PERMISSION_DENIED, 'denied');
    await sendDownlink(s, device, { f_port: 4, payload: '04', encoding: 'hex' });
    await worker.drain();
    expect((await notifications()).map((notification) => notification.params)).toEqual([
      { name: 'Thermostat', f_port: 4 },
      { name: 'Thermostat', f_port: 1 },
    ]);
  });

  it('fails with profile_required for a device the network server cannot have', async () => {
    const device = await thermostat(s, DEV_EUI, false);
    await sendDownlink(s, device, { f_port: 1, payload: '01', encoding: 'hex' });
    await s.worker().drain();
    expect(await downlinksOf(s, device)).toEqual([expect.objectContaining({ state: 'failed', error_code: 'profile_required' })]);
    expect((await notifications()).map((notification) => notification.kind)).toContain('downlink_failed');
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toEqual([]);
  });

  it('flushes: what waits here is cancelled at once, what is queued there once the flush is pushed, in order with what follows', async () => {
    const device = await thermostat(s, DEV_EUI);
    const worker = s.worker();
    const queued = await sendDownlink(s, device, { f_port: 1, payload: '01', encoding: 'hex' });
    await worker.drain();
    const waitingHere = await sendDownlink(s, device, { f_port: 1, payload: '02', encoding: 'hex' });
    expect((await asAlice(s, 'DELETE', device)).statusCode).toBe(204);
    const after = await sendDownlink(s, device, { f_port: 1, payload: '03', encoding: 'hex' });
    expect((await downlinksOf(s, device)).map((item) => [item.id, item.state])).toEqual([
      [queued.id, 'queued'],
      [waitingHere.id, 'cancelled'],
      [after.id, 'pending'],
    ]);

    s.chirpstack.clearCalls();
    await worker.drain();
    expect(s.chirpstack.methods.filter((method) => method === 'DeviceService/FlushQueue' || method === 'DeviceService/Enqueue')).toEqual([
      'DeviceService/FlushQueue',
      'DeviceService/Enqueue',
    ]);
    expect(remoteQueue(s, DEV_EUI).map((item) => item.bytes)).toEqual([[3]]);
    expect((await downlinksOf(s, device)).map((item) => item.state)).toEqual(['cancelled', 'cancelled', 'queued']);
  });

  it('a flush waits while ChirpStack is down, and runs once it is back', async () => {
    const device = await thermostat(s, DEV_EUI);
    const worker = s.worker();
    await sendDownlink(s, device, { f_port: 1, payload: '01', encoding: 'hex' });
    await worker.drain();
    s.chirpstack.unavailable = true;
    await asAlice(s, 'DELETE', device);
    await worker.drain();
    expect((await downlinksOf(s, device)).map((item) => item.state)).toEqual(['queued']);
    s.chirpstack.unavailable = false;
    s.t.clock.advance(HOUR);
    await worker.drain();
    expect(remoteQueue(s, DEV_EUI)).toEqual([]);
    expect((await downlinksOf(s, device)).map((item) => item.state)).toEqual(['cancelled']);
  });

  it('a deleted device takes its waiting downlinks with it', async () => {
    const device = await thermostat(s, DEV_EUI);
    await sendDownlink(s, device, { f_port: 1, payload: '01', encoding: 'hex' });
    expect((await call(s.t.app, s.alice, 'DELETE', `/api/device/${device}/`)).statusCode).toBe(204);
    await s.worker().drain();
    expect(s.chirpstack.requests('DeviceService/Enqueue')).toEqual([]);
    expect(await s.t.db.selectFrom('downlinks').selectAll().execute()).toEqual([]);
    expect(await waiting(s.t)).toEqual([]);
  });
});
