import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChirpstackNetworkServer } from '../../../server/src/dataplane/network-server/chirpstack.js';
import type { NetworkServer } from '../../../server/src/dataplane/network-server/port.js';
import { reconcileCommand } from '../../../server/src/cli/reconcile-command.js';
import { createRepositories, transactionRunner } from '../../../server/src/context.js';
import { call } from '../helpers/users.js';
import { createRecord } from '../helpers/fixtures.js';
import { testDialect } from '../helpers/test-app.js';
import { provisioningSetup, type ProvisioningSetup } from './provisioning-setup.js';
import { APP_KEY, DEV_EUI, GATEWAY_ID } from './samples.js';

const OTHER_KEY = '000102030405060708090A0B0C0D0E0F';
const STRAY_EUI = '70B3D57ED0005678';
const STRAY_GATEWAY = '0016C001F153FFFF';

// Reconciliation (issue #13): what differs between this platform and ChirpStack is listed, then fixed.
describe('reconcile with ChirpStack', () => {
  let s: ProvisioningSetup;
  let chirpstack: NetworkServer;
  let profile: string;
  let applicationId: string;
  let profileId: string;

  beforeEach(async () => {
    s = await provisioningSetup();
    chirpstack = createChirpstackNetworkServer(s.running.config);
    profile = await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Room sensor' });
    await createRecord(s.t, s.alice, '/api/device/', { company_id: s.company, dev_eui: DEV_EUI, app_key: APP_KEY, name: 'Meeting room', config: profile });
    await createRecord(s.t, s.alice, '/api/gateway/', { company_id: s.company, gateway_id: GATEWAY_ID, name: 'Roof' });
    await s.worker().drain();
    applicationId = [...s.chirpstack.applications.keys()][0] as string;
    profileId = [...s.chirpstack.profiles.keys()][0] as string;
  });
  afterEach(async () => {
    chirpstack.close();
    await s.close();
  });

  const drift = async () => (await call(s.t.app, s.alice, 'GET', `/api/network/reconcile?company_id=${s.company}`)).json().drift;
  const device = (devEui: string, overrides = {}) => ({
    devEui,
    joinEui: '0000000000000000',
    name: 'Stray sensor',
    applicationId,
    deviceProfileId: profileId,
    macVersion: 'LORAWAN_1_0_3' as const,
    appKey: APP_KEY,
    ...overrides,
  });

  it('agrees when nothing differs', async () => {
    expect(await drift()).toEqual([]);
  });

  it('finds each kind of drift and fixes it', async () => {
    await chirpstack.deleteGateway(GATEWAY_ID);
    await chirpstack.putDevice(device(DEV_EUI, { appKey: OTHER_KEY, name: 'Meeting room' }));
    await chirpstack.putDevice(device(STRAY_EUI));
    const found = await drift();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'gateway', problem: 'missing_there', key: GATEWAY_ID, company_id: s.company }),
        expect.objectContaining({ kind: 'device', problem: 'keys_differ', key: DEV_EUI }),
        expect.objectContaining({ kind: 'device', problem: 'missing_here', key: STRAY_EUI, name: 'Stray sensor', entity_id: null }),
      ]),
    );
    expect(found).toHaveLength(3);

    const items = found.map((item: { kind: string; key: string }) => ({ kind: item.kind, key: item.key }));
    const fixed = await call(s.t.app, s.alice, 'POST', '/api/network/reconcile', { company_id: s.company, items });
    expect(fixed.json()).toEqual({ fixed: 3, skipped: [] });
    await s.worker().drain();
    expect(await drift()).toEqual([]);
    expect(s.chirpstack.keys.get(DEV_EUI.toLowerCase())?.nwkKey).toBe(APP_KEY.toLowerCase());
    expect(s.chirpstack.gateways.has(GATEWAY_ID.toLowerCase())).toBe(true);
    // The stray device is adopted with its keys and the profile it had there.
    const adopted = (await call(s.t.app, s.alice, 'GET', `/api/device/?company_id=${s.company}&search=${STRAY_EUI}`)).json().results[0];
    expect(adopted).toMatchObject({ dev_eui: STRAY_EUI, name: 'Stray sensor', config: profile });
    expect((await call(s.t.app, s.alice, 'GET', `/api/device/${adopted.id}/`)).json().app_key).toBe(APP_KEY);
  });

  it('finds a device whose profile differs', async () => {
    const otherProfile = await chirpstack.putDeviceProfile({
      remoteId: null,
      name: 'Elsewhere',
      region: 'EU868',
      macVersion: 'LORAWAN_1_0_3',
      regParamsRevision: 'A',
      supportsOtaa: true,
      supportsClassB: false,
      supportsClassC: false,
      uplinkIntervalS: 3600,
      codecScript: '',
    });
    await chirpstack.putDevice(device(DEV_EUI, { deviceProfileId: otherProfile, name: 'Meeting room' }));
    expect(await drift()).toEqual([expect.objectContaining({ kind: 'device', problem: 'profile_differs', key: DEV_EUI })]);
    await call(s.t.app, s.alice, 'POST', '/api/network/reconcile', { company_id: s.company, items: [{ kind: 'device', key: DEV_EUI }] });
    await s.worker().drain();
    expect(s.chirpstack.devices.get(DEV_EUI.toLowerCase())?.deviceProfileId).toBe(profileId);
  });

  it('is for the company’s owners: members are refused, outsiders see nothing, a ChirpStack outage is 503', async () => {
    await s.t.db
      .insertInto('company_members')
      .values({ company_id: s.company, user_id: s.bob.id, role: 'member', joined_at: '2026-11-23T10:00:00.000Z' })
      .execute();
    expect((await call(s.t.app, s.bob, 'GET', `/api/network/reconcile?company_id=${s.company}`)).statusCode).toBe(403);
    expect((await call(s.t.app, s.alice, 'GET', `/api/network/reconcile?company_id=${s.bobCompany}`)).statusCode).toBe(404);
    expect((await call(s.t.app, s.alice, 'GET', '/api/network/reconcile?company_id=not-a-uuid')).statusCode).toBe(400);
    const fix = (user: typeof s.alice, body: object) => call(s.t.app, user, 'POST', '/api/network/reconcile', body);
    const item = { kind: 'device', key: DEV_EUI };
    expect((await fix(s.bob, { company_id: s.company, items: [item] })).statusCode).toBe(403);
    expect((await fix(s.alice, { company_id: s.bobCompany, items: [item] })).statusCode).toBe(404);
    for (const bad of [
      { company_id: s.company },
      { company_id: s.company, items: [{ kind: 'unit', key: 'x' }] },
      { company_id: s.company, items: [], extra: 1 },
    ]) {
      expect((await fix(s.alice, bad)).statusCode).toBe(400);
    }
    expect((await s.t.app.inject({ method: 'GET', url: `/api/network/reconcile?company_id=${s.company}` })).statusCode).toBe(401);
    s.chirpstack.unavailable = true;
    const down = await call(s.t.app, s.alice, 'GET', `/api/network/reconcile?company_id=${s.company}`);
    expect([down.statusCode, down.json().code]).toEqual([503, 'networkServerUnavailable']);
  });

  it('the operator command lists the tenant’s strays (dry run) and adopts them into a chosen company', async () => {
    await chirpstack.putGateway({ gatewayId: STRAY_GATEWAY, name: 'Stray mast' });
    const ctx = {
      config: s.t.config,
      now: s.t.clock.now,
      repos: createRepositories(s.t.db, testDialect),
      networkServer: chirpstack,
      transaction: transactionRunner(s.t.db, testDialect),
    };
    const dry = await reconcileCommand(ctx, []);
    expect(dry.ok).toBe(true);
    expect(dry.output).toContain(`gateway ${STRAY_GATEWAY} (Stray mast): missing here`);
    expect(await s.t.db.selectFrom('gateways').select('gateway_id').where('gateway_id', '=', STRAY_GATEWAY).executeTakeFirst()).toBeUndefined();

    const fixed = await reconcileCommand(ctx, ['--fix', '--adopt', s.bobCompany]);
    expect(fixed.output.at(-1)).toBe('fixed 1; skipped 0.');
    expect(await s.t.db.selectFrom('gateways').select(['company_id', 'name']).where('gateway_id', '=', STRAY_GATEWAY).executeTakeFirst()).toEqual({
      company_id: s.bobCompany,
      name: 'Stray mast',
    });
    expect((await reconcileCommand(ctx, [])).output).toEqual(['ChirpStack and this installation agree.']);
    expect((await reconcileCommand(ctx, ['--bogus'])).ok).toBe(false);
  });
});
