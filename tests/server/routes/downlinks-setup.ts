import type { LightMyRequestResponse } from 'fastify';
import type { Static } from 'typebox';
import type { ErrorResponse } from '../../../server/src/schemas/common.js';
import { createChirpstackNetworkServer } from '../../../server/src/dataplane/network-server/chirpstack.js';
import { ChirpstackDouble, DOUBLE_API_TOKEN, DOUBLE_TENANT_ID, type RunningDouble } from '../network-server/chirpstack-double.js';
import { createRecord, twoCompanies, type TwoCompanies } from '../helpers/fixtures.js';
import { signUp, type SignedIn } from '../helpers/users.js';

type ErrorBody = Static<typeof ErrorResponse>;

export const DEV_EUI = '70B3D57ED0001234';
export const BOB_DEV_EUI = '70B3D57ED0005678';
const APP_KEY = '2B7E151628AED2A6ABF7158809CF4F3C';

/**
 * A thermostat codec: `setpoint` in °C as a tenth-degree integer on port 10, refused above 30 °C
 * with its own error, and a thrown error for text.
 */
export const THERMOSTAT_CODEC = `function encodeDownlink(input) {
  if (typeof input.data.setpoint !== 'number') throw new Error('setpoint must be a number');
  if (input.data.setpoint > 30) return { bytes: [], errors: ['setpoint out of range'] };
  var t = Math.round(input.data.setpoint * 10);
  return { bytes: [0x01, (t >> 8) & 0xff, t & 0xff], fPort: 10, warnings: t % 10 ? [] : ['whole degrees'] };
}`;

/**
 * Sends a request that runs the profile's codec, again while the sandbox answers with its timeout:
 * the limit is wall-clock time, which a busy test machine can use up even for this tiny codec (the
 * timeout itself is tested in codec-encode.test.ts). A timed-out request records nothing.
 */
export async function throughCodec(send: () => Promise<LightMyRequestResponse>, attempts = 5): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    const timedOut = response.statusCode === 400 && response.json<ErrorBody>().field_codes?.payload?.params?.kind === 'timeout';
    if (!timedOut || attempt === attempts) return response;
  }
}

export interface DownlinkWorld extends TwoCompanies {
  chirpstack: ChirpstackDouble;
  /** A member (not the owner) of Alice's company. */
  colleague: SignedIn;
  /** Alice's thermostat (its profile carries THERMOSTAT_CODEC), known to the double. */
  device: string;
  /** A device of Bob's company, without a profile, known to the double too. */
  bobDevice: string;
  /** A device of Alice's whose profile has no codec; the double does not know it. */
  plainDevice: string;
  close(): Promise<void>;
}

/**
 * Two companies on an app linked to a ChirpStack double, with devices registered here and, as the
 * outbox worker would have done, in the double. The worker does not run in API tests: what they
 * send stays pending (tests/server/network-server/downlinks.test.ts pushes it).
 */
export async function downlinkWorld(): Promise<DownlinkWorld> {
  const chirpstack = new ChirpstackDouble();
  const running: RunningDouble = await chirpstack.start();
  const world = await twoCompanies({ CHIRPSTACK_API_URL: running.url, CHIRPSTACK_API_TOKEN: DOUBLE_API_TOKEN, CHIRPSTACK_TENANT_ID: DOUBLE_TENANT_ID });
  const { t, alice, bob, company, bobCompany } = world;
  const thermostat = await createRecord(t, alice, `/api/config/${company}`, { name: 'Thermostat', codec: THERMOSTAT_CODEC });
  const plain = await createRecord(t, alice, `/api/config/${company}`, { name: 'Plain' });
  const register = (user: typeof alice, companyId: string, devEui: string, config: string | null) =>
    createRecord(t, user, '/api/device/', { company_id: companyId, dev_eui: devEui, app_key: APP_KEY, name: devEui, config });
  const device = await register(alice, company, DEV_EUI, thermostat);
  const plainDevice = await register(alice, company, '70B3D57ED0009999', plain);
  const bobDevice = await register(bob, bobCompany, BOB_DEV_EUI, null);

  const ns = createChirpstackNetworkServer(running.config);
  const applicationId = await ns.putApplication({ remoteId: null, name: 'Acme', description: '' });
  const deviceProfileId = await ns.putDeviceProfile({
    remoteId: null,
    name: 'Thermostat',
    region: 'EU868',
    macVersion: 'LORAWAN_1_0_3',
    regParamsRevision: 'A',
    supportsOtaa: true,
    supportsClassB: false,
    supportsClassC: false,
    uplinkIntervalS: 900,
    codecScript: '',
  });
  for (const devEui of [DEV_EUI, BOB_DEV_EUI]) {
    await ns.putDevice({ devEui, joinEui: '0000000000000000', name: devEui, applicationId, deviceProfileId, macVersion: 'LORAWAN_1_0_3', appKey: APP_KEY });
  }
  ns.close();
  chirpstack.clearCalls();
  const colleague = await signUp(t.app);
  await t.db
    .insertInto('company_members')
    .values({ company_id: company, user_id: colleague.id, role: 'member', joined_at: t.clock.now().toISOString() })
    .execute();

  return {
    ...world,
    chirpstack,
    colleague,
    device,
    bobDevice,
    plainDevice,
    async close() {
      await t.close();
      await running.close();
    },
  };
}
