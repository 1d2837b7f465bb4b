import type { DownlinkCreated, DownlinkList } from '../../../server/src/schemas/downlinks.js';
import { createApiKey, createRecord } from '../helpers/fixtures.js';
import { callWithKey, type Method } from '../helpers/users.js';
import { THERMOSTAT_CODEC, throughCodec } from '../routes/downlinks-setup.js';
import type { NetworkSyncWorker } from '../../../server/src/dataplane/network-server/sync-worker.js';
import { waiting, type ProvisioningSetup } from './provisioning-setup.js';
import { APP_KEY } from './samples.js';

/** Alice's thermostat (its profile encodes JSON with THERMOSTAT_CODEC), registered here and not yet pushed. */
export async function thermostat(s: ProvisioningSetup, devEui: string, withProfile = true): Promise<string> {
  const profile = withProfile ? await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Thermostat', codec: THERMOSTAT_CODEC }) : null;
  return createRecord(s.t, s.alice, '/api/device/', { company_id: s.company, dev_eui: devEui, app_key: APP_KEY, name: 'Thermostat', config: profile });
}

const keys = new WeakMap<ProvisioningSetup, Promise<string>>();

/**
 * A downlink call of Alice's, with an API key: the tests move the clock on by hours to make retries
 * due, past the lifetime of a session's access token.
 */
export async function asAlice(s: ProvisioningSetup, method: Method, device: string, body?: object) {
  let key = keys.get(s);
  if (!key) keys.set(s, (key = createApiKey(s.t, s.alice, 'Downlinks')));
  return callWithKey(s.t.app, await key, method, `/api/device/${device}/downlink`, body);
}

/** Sends a downlink as Alice (through the codec's retry for JSON); throws unless it was recorded. */
export async function sendDownlink(s: ProvisioningSetup, device: string, body: object): Promise<DownlinkCreated> {
  const response = await throughCodec(() => asAlice(s, 'POST', device, body));
  if (response.statusCode !== 201) throw new Error(`downlink answered ${response.statusCode}: ${response.body}`);
  return response.json<DownlinkCreated>();
}

/** The device's downlinks as the API lists them, oldest first. */
export async function downlinksOf(s: ProvisioningSetup, device: string): Promise<DownlinkList['items']> {
  return (await asAlice(s, 'GET', device)).json<DownlinkList>().items.reverse();
}

/** The device's queue in the ChirpStack double: fPort, confirmed and bytes of each item, oldest first. */
export const remoteQueue = (s: ProvisioningSetup, devEui: string) =>
  (s.chirpstack.queue.get(devEui.toLowerCase()) ?? []).map((item) => ({ id: item.id, fPort: item.fPort, confirmed: item.confirmed, bytes: [...item.data] }));

/**
 * Lets the worker push until nothing waits: a change whose dependency is held (by this node's own
 * batch, too) looks again a second later, so the clock moves on between rounds.
 */
export async function pushAll(s: ProvisioningSetup, worker: NetworkSyncWorker): Promise<void> {
  for (let round = 0; round < 20; round++) {
    await worker.drain();
    if ((await waiting(s.t)).length === 0) return;
    s.t.clock.advance(2_000);
  }
  throw new Error(`still waiting: ${JSON.stringify(await waiting(s.t))}`);
}
