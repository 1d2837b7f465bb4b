import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chirpstackEvent, forDevice, postEvent } from '../helpers/chirpstack.js';
import { provisioningSetup, type ProvisioningSetup } from './provisioning-setup.js';
import { downlinksOf, remoteQueue, sendDownlink, thermostat } from './downlink-setup.js';
import { DEV_EUI } from './samples.js';

const UNKNOWN_QUEUE_ITEM = '00000000-0000-4000-8000-000000000000';

/** The key the company's HTTP integration in ChirpStack posts with, as the provisioning set it up. */
function integrationKeyIn(s: ProvisioningSetup): string {
  const [integration] = [...s.chirpstack.integrations.values()];
  const header = integration?.headersMap.find(([name]) => name === 'Authorization')?.[1];
  if (!header) throw new Error('no HTTP integration in ChirpStack');
  return header.slice('Bearer '.length);
}

// ChirpStack's ack and txack events (as v4 posts them, JSON) move the downlink they name (issue #14).
describe('downlink state from the network server’s events', () => {
  let s: ProvisioningSetup;
  let device: string;
  let key: string;
  beforeEach(async () => {
    s = await provisioningSetup();
    device = await thermostat(s, DEV_EUI);
    await s.worker().drain();
    key = integrationKeyIn(s);
  });
  afterEach(async () => s.close());

  /** Sends a downlink and lets the worker queue it in the double: its queue item id. */
  async function queued(body: object): Promise<string> {
    await sendDownlink(s, device, body);
    await s.worker().drain();
    const item = remoteQueue(s, DEV_EUI).at(-1);
    if (!item) throw new Error('nothing was queued');
    return item.id;
  }

  /** Posts a recorded event of the thermostat with fields replaced; answers the ingest's status. */
  async function post(type: 'ack' | 'txack' | 'log', changes: Record<string, unknown>): Promise<string> {
    const response = await postEvent(s.t, key, type, forDevice(chirpstackEvent(type, changes), DEV_EUI.toLowerCase()));
    expect(response.statusCode).toBe(200);
    return response.json<{ status: string }>().status;
  }

  const states = async () => (await downlinksOf(s, device)).map(({ state, f_cnt_down }) => ({ state, f_cnt_down }));

  it('txack: sent with its frame counter; ack: acknowledged; each redelivery changes nothing', async () => {
    const queueItemId = await queued({ f_port: 1, confirmed: true, payload: '01', encoding: 'hex' });
    expect(await states()).toEqual([{ state: 'queued', f_cnt_down: null }]);

    const txack = { queueItemId, fCntDown: 11 };
    expect(await post('txack', txack)).toBe('stored');
    expect(await states()).toEqual([{ state: 'sent', f_cnt_down: 11 }]);

    const ack = { queueItemId, acknowledged: true, fCntDown: 11 };
    expect(await post('ack', ack)).toBe('stored');
    expect(await states()).toEqual([{ state: 'acknowledged', f_cnt_down: 11 }]);

    expect(await post('txack', txack)).toBe('duplicate');
    expect(await post('ack', ack)).toBe('duplicate');
    expect(await states()).toEqual([{ state: 'acknowledged', f_cnt_down: 11 }]);
  });

  it('an ack without `acknowledged` (ChirpStack leaves false out) is not acknowledged; a missing fCntDown is 0', async () => {
    const queueItemId = await queued({ f_port: 1, confirmed: true, payload: '01', encoding: 'hex' });
    const { acknowledged: _, fCntDown: __, ...timedOut } = chirpstackEvent('ack', { queueItemId });
    const response = await postEvent(s.t, key, 'ack', forDevice({ ...timedOut, deviceInfo: timedOut.deviceInfo }, DEV_EUI.toLowerCase()));
    expect(response.statusCode).toBe(200);
    expect(await states()).toEqual([{ state: 'not_acknowledged', f_cnt_down: 0 }]);
  });

  it('a late txack does not take an acknowledged downlink back to sent', async () => {
    const queueItemId = await queued({ f_port: 1, confirmed: true, payload: '01', encoding: 'hex' });
    await post('ack', { queueItemId, acknowledged: true, fCntDown: 4 });
    await post('txack', { queueItemId, fCntDown: 4, time: '2026-11-22T08:19:59.000000000+00:00' });
    expect(await states()).toEqual([{ state: 'acknowledged', f_cnt_down: 4 }]);
  });

  it('an event for an unknown queue item, or another device’s, changes nothing', async () => {
    const queueItemId = await queued({ f_port: 1, payload: '01', encoding: 'hex' });
    expect(await post('txack', { queueItemId: UNKNOWN_QUEUE_ITEM, fCntDown: 3 })).toBe('stored');
    expect(await post('ack', { queueItemId: UNKNOWN_QUEUE_ITEM, acknowledged: true })).toBe('stored');
    expect(await states()).toEqual([{ state: 'queued', f_cnt_down: null }]);

    const other = await thermostat(s, '70B3D57ED000ABCD');
    const response = await postEvent(s.t, key, 'txack', forDevice(chirpstackEvent('txack', { queueItemId, fCntDown: 3 }), '70b3d57ed000abcd'));
    expect(response.json()).toMatchObject({ status: 'stored' });
    expect(await states()).toEqual([{ state: 'queued', f_cnt_down: null }]);
    expect(await downlinksOf(s, other)).toEqual([]);
  });

  it('a log event discarding the queue item (payload too large for the data rate) fails it with the reason', async () => {
    const queueItemId = await queued({ f_port: 1, payload: 'FF'.repeat(60), encoding: 'hex' });
    await post('log', {
      level: 'ERROR',
      code: 'DOWNLINK_PAYLOAD_SIZE',
      description: 'Device queue-item discarded because it exceeds the max. payload size',
      context: { max_payload_size: '51', item_size: '60', queue_item_id: queueItemId },
    });
    expect(await downlinksOf(s, device)).toEqual([
      expect.objectContaining({ state: 'failed', error_code: 'payload_too_large', error_message: expect.stringContaining('max. payload size') }),
    ]);
  });
});
