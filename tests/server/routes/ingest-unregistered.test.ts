import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestService } from '../../../server/src/dataplane/ingest/service.js';
import { telemetryRepository } from '../../../server/src/repositories/telemetry.js';
import { INSTALLATION_SCOPE, UNREGISTERED_PER_SCOPE, unregisteredDevicesRepository } from '../../../server/src/repositories/unregistered-devices.js';
import type { UnregisteredDevice } from '../../../server/src/schemas/network.js';
import { createApiKey, createCompany, createRecord, twoCompanies } from '../helpers/fixtures.js';
import { chirpstackEvent, forDevice, integrationKeyOf, postEvent } from '../helpers/chirpstack.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type SignedIn } from '../helpers/users.js';

const STRANGER = 'a840410000000999';

describe('events of DevEUIs not registered here', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;
  let key: string;

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    key = await integrationKeyOf(t, company);
  });
  afterAll(async () => t.close());

  const list = async (user: SignedIn, companyId: string) =>
    (await call(t.app, user, 'GET', `/api/network/unregistered?company_id=${companyId}`)).json<{ results: UnregisteredDevice[] }>().results;

  it('answers success and lists the DevEUI for the company of the integration key, with its strongest reception', async () => {
    const response = await postEvent(t, key, 'up', forDevice(chirpstackEvent('up'), STRANGER));
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 200, body: { status: 'unregistered' } });
    expect(await list(alice, company)).toEqual([
      {
        dev_eui: STRANGER.toUpperCase(),
        join_eui: null,
        device_name: 'greenhouse-3',
        application_id: '95856ede-1238-4272-b616-41f18dc10fc3',
        last_event: 'up',
        last_rssi: -68,
        last_snr: 13.2,
        last_gateway_id: '0016C001F153A14C',
        count: 1,
        first_seen: '2026-11-22T08:15:42.381Z',
        last_seen: '2026-11-22T08:15:42.381Z',
      },
    ]);
  });

  it('counts a redelivered event once, and keeps what later events add (the JoinEUI of a failed join)', async () => {
    await postEvent(t, key, 'up', forDevice(chirpstackEvent('up'), STRANGER));
    expect((await list(alice, company))[0]?.count).toBe(1);
    await postEvent(t, key, 'log', forDevice(chirpstackEvent('log', { time: '2026-11-22T08:40:00.000Z' }), STRANGER));
    expect((await list(alice, company))[0]).toMatchObject({
      join_eui: 'A840410000000107',
      last_event: 'log',
      last_rssi: -68,
      count: 2,
      first_seen: '2026-11-22T08:15:42.381Z',
      last_seen: '2026-11-22T08:40:00.000Z',
    });
  });

  it("shows a company's list to its members only", async () => {
    expect((await call(t.app, bob, 'GET', `/api/network/unregistered?company_id=${company}`)).statusCode).toBe(404);
    expect(await list(bob, bobCompany)).toEqual([]);
    expect((await call(t.app, alice, 'GET', '/api/network/unregistered')).statusCode).toBe(400);
  });

  it('files events of a user key under the user’s only company, and of the network server under its application’s', async () => {
    const bobKey = await createApiKey(t, bob, 'ChirpStack');
    expect(
      (await callWithKey(t.app, bobKey, 'POST', '/api/ingest/chirpstack?event=join', forDevice(chirpstackEvent('join'), 'a840410000000aaa'))).json(),
    ).toEqual({
      status: 'unregistered',
    });
    expect((await list(bob, bobCompany)).map((row) => row.dev_eui)).toEqual(['A840410000000AAA']);

    // The MQTT subscriber's scope: the company whose network-server application sent it, else the installation's list.
    await t.db
      .insertInto('network_sync')
      .values({
        kind: 'application',
        entity_id: bobCompany,
        company_id: bobCompany,
        state: 'synced',
        remote_id: 'b593b5a2-e906-4804-a227-9b338a7c162d',
        error_code: null,
        error_message: null,
        updated_at: '2026-11-22T00:00:00.000Z',
      })
      .execute();
    const subscriber = new IngestService(
      telemetryRepository(t.db, testDialect),
      async () => ({ ok: true, data: {}, warnings: [], errors: [], console: { lines: [], truncated: false } }),
      t.clock.now,
      undefined,
      unregisteredDevicesRepository(t.db),
    );
    const ofBob = forDevice(chirpstackEvent('status'), 'a840410000000bbb');
    ofBob.deviceInfo.applicationId = 'b593b5a2-e906-4804-a227-9b338a7c162d';
    expect(await subscriber.handle('network-server', 'status', ofBob)).toEqual({ status: 'unregistered' });
    await subscriber.handle('network-server', 'status', forDevice(chirpstackEvent('status'), 'a840410000000ccc'));
    expect((await list(bob, bobCompany)).map((row) => row.dev_eui).sort()).toEqual(['A840410000000AAA', 'A840410000000BBB']);
    const installation = await t.db.selectFrom('unregistered_devices').select('dev_eui').where('scope', '=', INSTALLATION_SCOPE).execute();
    expect(installation).toEqual([{ dev_eui: 'A840410000000CCC' }]);
  });

  it('files events of a user of several companies under the one whose application sent them, if the user is a member, else the installation', async () => {
    const second = await createCompany(t, bob, 'Bob’s second company');
    const applicationOf = async (companyId: string, applicationId: string) =>
      t.db
        .insertInto('network_sync')
        .values({
          kind: 'application',
          entity_id: companyId,
          company_id: companyId,
          state: 'synced',
          remote_id: applicationId,
          error_code: null,
          error_message: null,
          updated_at: '2026-11-22T00:00:00.000Z',
        })
        .execute();
    await applicationOf(second, 'c0ffee00-0000-4000-8000-000000000002');
    await applicationOf(company, 'c0ffee00-0000-4000-8000-000000000001');
    const bobKey = await createApiKey(t, bob, 'ChirpStack for both');
    const join = (devEui: string, applicationId: string) => {
      const event = forDevice(chirpstackEvent('join'), devEui);
      event.deviceInfo.applicationId = applicationId;
      return callWithKey(t.app, bobKey, 'POST', '/api/ingest/chirpstack?event=join', event);
    };
    await join('a840410000000ddd', 'c0ffee00-0000-4000-8000-000000000002');
    // Alice's application, or none known: not a company of Bob's to file it under.
    await join('a840410000000eee', 'c0ffee00-0000-4000-8000-000000000001');
    await join('a840410000000fff', 'c0ffee00-0000-4000-8000-00000000ffff');
    expect((await list(bob, second)).map((row) => row.dev_eui)).toEqual(['A840410000000DDD']);
    expect((await list(alice, company)).map((row) => row.dev_eui)).not.toContain('A840410000000EEE');
    const installation = await t.db.selectFrom('unregistered_devices').select('dev_eui').where('scope', '=', INSTALLATION_SCOPE).orderBy('dev_eui').execute();
    expect(installation.map((row) => row.dev_eui)).toEqual(expect.arrayContaining(['A840410000000EEE', 'A840410000000FFF']));
  });

  it('drops a DevEUI from the list once a device has it', async () => {
    await createRecord(t, alice, '/api/device/', { company_id: company, dev_eui: STRANGER, app_key: 'A'.repeat(32) });
    expect(await list(alice, company)).toEqual([]);
  });

  it(`keeps the newest ${UNREGISTERED_PER_SCOPE} DevEUIs of a scope`, async () => {
    const repository = unregisteredDevicesRepository(t.db);
    for (let i = 0; i < UNREGISTERED_PER_SCOPE + 5; i++) {
      await repository.record(bobCompany, {
        devEui: `B0000000000${String(i).padStart(5, '0')}`,
        joinEui: null,
        deviceName: null,
        applicationId: null,
        event: 'up',
        eventKey: `up:${i}`,
        rssi: null,
        snr: null,
        gatewayId: null,
        at: new Date(Date.UTC(2026, 10, 23, 0, 0, i)).toISOString(),
      });
    }
    const kept = await list(bob, bobCompany);
    expect(kept).toHaveLength(UNREGISTERED_PER_SCOPE);
    expect(kept[0]?.dev_eui).toBe('B000000000000104');
    expect(kept.some((row) => row.dev_eui === 'B000000000000004')).toBe(false);
  });
});
