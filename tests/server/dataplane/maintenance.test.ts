import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Maintenance, type MaintenanceReport } from '../../../server/src/dataplane/maintenance.js';
import { jobLeasesRepository } from '../../../server/src/repositories/job-leases.js';
import { maintenanceRepository } from '../../../server/src/repositories/maintenance.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { companiesRepository } from '../../../server/src/repositories/companies.js';
import type { Plan } from '../../../server/src/domain/plans.js';
import { nextInterval } from '../../../server/src/domain/uplinks.js';
import type { Notification } from '../../../server/src/schemas/notifications.js';
import { createCompany, createRecord, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

const DEV_EUI = 'CAFE000000000001';

describe('data plane maintenance', () => {
  let t: TestApp;
  let owner: SignedIn;
  let maintenance: Maintenance;
  let company: string;
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({ GATEWAY_CERT_DAYS: '20', ACCESS_TOKEN_TTL_SECONDS: '8640000' }));
    await call(t.app, owner, 'POST', '/api/device/', { company_id: company, dev_eui: DEV_EUI, app_key: 'A'.repeat(32), name: 'Well pump' });
    maintenance = new Maintenance({
      store: maintenanceRepository(t.db),
      leases: jobLeasesRepository(t.db),
      notifications: notificationsRepository(t.db),
      now: t.clock.now,
      settings: t.config.maintenance,
      intervalMs: 15 * 60_000,
    });
  });
  afterAll(async () => t.close());

  const uplink = () =>
    call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
      deviceInfo: { devEui: DEV_EUI },
      time: t.clock.now().toISOString(),
      fPort: 1,
      object: { level: 1 },
    });
  /** Runs the chores; this is the only node, so it always holds their lease. */
  const run = async (): Promise<MaintenanceReport> => {
    const report = await maintenance.run();
    if (!report) throw new Error('another node holds the maintenance lease');
    return report;
  };
  const notes = async (kind: string) =>
    (await call(t.app, owner, 'GET', '/api/user/notifications/?page_size=100')).json<Page<Notification>>().results.filter((n) => n.kind === kind);

  it('learns the usual interval as a moving average of the gaps', () => {
    expect(nextInterval({ last_seen: null, uplink_interval_s: null }, '2026-11-22T10:00:00Z')).toBeNull();
    expect(nextInterval({ last_seen: '2026-11-22T10:00:00Z', uplink_interval_s: null }, '2026-11-22T10:10:00Z')).toBe(600);
    expect(nextInterval({ last_seen: '2026-11-22T10:00:00Z', uplink_interval_s: 600 }, '2026-11-22T10:30:00Z')).toBe(900);
  });

  it('notifies once when a device stays silent for three of its intervals, and again after the next silence', async () => {
    for (let i = 0; i < 3; i++) {
      await uplink();
      t.clock.advance(60_000);
    }
    expect((await run()).silentDevices).toBe(0);
    t.clock.advance(3 * 60_000);
    expect((await run()).silentDevices).toBe(1);
    expect((await run()).silentDevices).toBe(0);
    expect(await notes('device_silent')).toEqual([expect.objectContaining({ title: 'Device silent: Well pump' })]);
    await uplink();
    t.clock.advance(10 * 60_000);
    await run();
    expect(await notes('device_silent')).toHaveLength(2);
  });

  it('warns once about a gateway certificate that expires within 30 days', async () => {
    const gateway = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'CAFE0000000000FF', name: 'Barn gateway' });
    await call(t.app, owner, 'POST', `/api/gateway/${gateway}/cert`);
    expect((await run()).expiringCertificates).toBe(1);
    expect((await run()).expiringCertificates).toBe(0);
    expect(await notes('certificate_expiring')).toEqual([expect.objectContaining({ title: 'Gateway certificate expires soon: Barn gateway' })]);
  });

  it('deletes events and time series past their retention', async () => {
    const before = await t.db
      .selectFrom('device_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    t.clock.advance(32 * 86_400_000);
    const report = await run();
    expect(report.eventsDeleted).toBe(Number(before.n));
    expect(report.samplesDeleted).toBeGreaterThan(0);
    expect((await call(t.app, owner, 'GET', '/api/search/?q=uplink')).json()).toEqual({ results: [] });
  });

  it("drops a gateway's index of receptions with the retention of the gateway company's plan", async () => {
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: 'CAFE0000000000AA', name: 'Mast' });
    const heard = await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
      deviceInfo: { devEui: DEV_EUI },
      time: t.clock.now().toISOString(),
      fPort: 1,
      object: { level: 2 },
      rxInfo: [{ gatewayId: 'cafe0000000000aa', rssi: -80, snr: 7 }],
    });
    expect(heard.statusCode).toBe(200);
    const receptions = () => t.db.selectFrom('frame_receptions').select('frame_id').where('gateway_id', '=', 'CAFE0000000000AA').execute();
    expect(await receptions()).toHaveLength(1);
    t.clock.advance(30 * 86_400_000);
    expect((await run()).receptionsDeleted).toBe(0);
    t.clock.advance(2 * 86_400_000);
    expect((await run()).receptionsDeleted).toBe(1);
    expect(await receptions()).toEqual([]);
  });

  it("keeps time series as long as the company's plan says: a month, a year, or for good", async () => {
    const DAY = 86_400_000;
    const plans: Plan[] = ['free', 'basic', 'pro', 'premium', 'enterprise'];
    const devices = new Map<Plan, string>();
    for (const [i, plan] of plans.entries()) {
      const id = await createCompany(t, owner, `Plan ${plan}`);
      await companiesRepository(t.db).setPlan(id, plan);
      const device = await createRecord(t, owner, '/api/device/', { company_id: id, dev_eui: `CAFE00000000010${i}`, app_key: 'A'.repeat(32) });
      devices.set(plan, device);
      const sent = await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
        deviceInfo: { devEui: `CAFE00000000010${i}` },
        time: t.clock.now().toISOString(),
        fPort: 1,
        object: { level: i },
      });
      expect(sent.statusCode).toBe(200);
    }
    // Time series and frames (radio metadata) alike.
    const kept = async () => {
      const rows = [
        ...(await t.db
          .selectFrom('topic_samples')
          .select('device_id')
          .where('device_id', 'in', [...devices.values()])
          .execute()),
        ...(await t.db
          .selectFrom('frames')
          .select('device_id')
          .where('device_id', 'in', [...devices.values()])
          .execute()),
      ];
      return plans.map((plan) => [plan, rows.filter((row) => row.device_id === devices.get(plan)).length]);
    };
    const keeping = (...kept: Plan[]) => plans.map((plan) => [plan, kept.includes(plan) ? 2 : 0]);
    expect(await kept()).toEqual(keeping(...plans));
    t.clock.advance(30 * DAY);
    await run();
    expect(await kept()).toEqual(keeping(...plans));
    t.clock.advance(2 * DAY);
    await run();
    expect(await kept()).toEqual(keeping('pro', 'premium', 'enterprise'));
    t.clock.advance(400 * DAY);
    await run();
    expect(await kept()).toEqual(keeping('premium', 'enterprise'));
  });
});
