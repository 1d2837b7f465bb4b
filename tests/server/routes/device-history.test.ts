import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatteryReading, DeviceEventItem, HeardDevice, TopicSeries } from '../../../server/src/schemas/device-history.js';
import { createApiKey, createRecord, insertDevice, teamAndOutsider, type TeamAndOutsider } from '../helpers/fixtures.js';
import { chirpstackEvent, FIXTURE_DEV_EUI, fixtureDevice, forDevice, integrationKeyOf, postEvent } from '../helpers/chirpstack.js';
import { call, callWithKey, type Page } from '../helpers/users.js';

const ROOF = '0016c001f153a14c';
const MAST = 'e4e124dadef64eee';
const OTHER_EUI = 'a84041000181c6f2';
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** An uplink heard by the gateways given as [gateway, rssi, snr], with the decoded object given. */
const uplink = (minutes: number, fCnt: number, object: Record<string, unknown>, rx: [string, number, number][]) =>
  chirpstackEvent('up', {
    deduplicationId: `00000000-0000-4000-8000-${String(fCnt).padStart(12, '0')}`,
    time: ago(minutes),
    fCnt,
    object,
    rxInfo: rx.map(([gatewayId, rssi, snr]) => ({ gatewayId, rssi, snr, channel: 1 })),
  });

describe("the device page's reads: events, topic series, battery history, a gateway's devices", () => {
  let s: TeamAndOutsider;
  let deviceId: string;
  let gatewayId: string;
  let ownerKey: string;

  beforeAll(async () => {
    s = await teamAndOutsider();
    const { t, owner, company, outsider, outsiderCompany } = s;
    deviceId = await fixtureDevice(t, owner, company, 'Greenhouse 3');
    const quietId = await insertDevice(t, { company_id: company, dev_eui: 'A84041000181C6F3', name: 'Quiet' });
    gatewayId = await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: ROOF, name: 'Roof' });
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: MAST, name: 'Mast' });
    const outsiderDevice = await createRecord(t, outsider, '/api/device/', {
      company_id: outsiderCompany,
      dev_eui: OTHER_EUI,
      app_key: 'B'.repeat(32),
      name: 'Theirs',
    });
    ownerKey = await createApiKey(t, owner, 'Reader');
    const key = await integrationKeyOf(t, company);
    const theirKey = await integrationKeyOf(t, outsiderCompany);

    const posted = [
      await postEvent(
        t,
        key,
        'up',
        uplink(50, 1, { temperature: 20.5, label: 'north' }, [
          [ROOF, -70, 9],
          [MAST, -101, -3],
        ]),
      ),
      await postEvent(t, key, 'up', uplink(40, 2, { temperature: 21, label: 'north' }, [[ROOF, -90, 2]])),
      await postEvent(t, key, 'up', uplink(30, 3, { temperature: 'n/a' }, [[MAST, -95, 1]])),
      await postEvent(t, key, 'up', uplink(20, 4, { temperature: 22.25 }, [[ROOF, -75, 7.5]])),
      await postEvent(
        t,
        key,
        'log',
        chirpstackEvent('log', { time: ago(45), level: 'WARNING', code: 'UPLINK_F_CNT_RETRANSMISSION', description: 'Retransmission' }),
      ),
      await postEvent(t, key, 'log', chirpstackEvent('log', { time: ago(35) })),
      await postEvent(t, key, 'status', chirpstackEvent('status', { deduplicationId: 's1', time: ago(48), batteryLevel: 91.2 })),
      await postEvent(t, key, 'status', chirpstackEvent('status', { deduplicationId: 's2', time: ago(28), batteryLevel: 64 })),
      await postEvent(
        t,
        key,
        'status',
        chirpstackEvent('status', { deduplicationId: 's3', time: ago(18), externalPowerSource: true, batteryLevel: undefined }),
      ),
      // Another company's device heard by the same gateway, and a reception older than the default window.
      await postEvent(t, theirKey, 'up', forDevice(uplink(10, 5, { temperature: 1 }, [[ROOF, -60, 10]]), OTHER_EUI)),
      await postEvent(t, key, 'up', forDevice(uplink(60 * 30, 6, { temperature: 2 }, [[ROOF, -110, -8]]), 'a84041000181c6f3')),
    ];
    expect(posted.map((response) => response.statusCode)).toEqual(posted.map(() => 200));
    expect(outsiderDevice && quietId).toBeTruthy();
  });
  afterAll(async () => s.t.close());

  const get = (url: string) => call(s.t.app, s.owner, 'GET', url);

  it("lists the device's events newest first, paged, with a log's level and code", async () => {
    const page = (await get(`/api/device/${deviceId}/events?page_size=3`)).json<Page<DeviceEventItem>>();
    expect(page.count).toBe(9);
    expect(page.results.map((event) => event.type)).toEqual(['status', 'up', 'status']);
    const second = (await get(`/api/device/${deviceId}/events?page_size=3&page=2`)).json<Page<DeviceEventItem>>();
    expect(second.results.map((event) => event.type)).toEqual(['up', 'log', 'up']);
    expect(second.results[1]).toMatchObject({ level: 'ERROR', code: 'OTAA', payload: { description: 'DevNonce has already been used' } });
  });

  it('filters by type, and by log level (which reads log events only)', async () => {
    const logs = (await get(`/api/device/${deviceId}/events?type=log`)).json<Page<DeviceEventItem>>();
    expect(logs.results.map((event) => event.code)).toEqual(['OTAA', 'UPLINK_F_CNT_RETRANSMISSION']);
    expect(logs.count).toBe(2);
    const warnings = (await get(`/api/device/${deviceId}/events?level=WARNING`)).json<Page<DeviceEventItem>>();
    expect(warnings).toMatchObject({ count: 1, results: [{ type: 'log', level: 'WARNING', code: 'UPLINK_F_CNT_RETRANSMISSION' }] });
    const ups = (await get(`/api/device/${deviceId}/events?type=up`)).json<Page<DeviceEventItem>>();
    expect(ups.results.map((event) => (event.payload as { fCnt: number }).fCnt)).toEqual([4, 3, 2, 1]);
    expect((await get(`/api/device/${deviceId}/events?type=join`)).json()).toEqual({ count: 0, results: [] });
  });

  it("answers a topic's newest numeric samples, oldest first, leaving out values that are not numbers", async () => {
    const series = (await get(`/api/device/${deviceId}/topics/series?topic=temperature`)).json<TopicSeries>();
    expect(series).toEqual({
      topic: 'temperature',
      points: [expect.objectContaining({ value: 20.5 }), expect.objectContaining({ value: 21 }), expect.objectContaining({ value: 22.25 })],
    });
    // The limit counts samples, numeric or not: the newest two are 'n/a' and 22.25.
    expect((await get(`/api/device/${deviceId}/topics/series?topic=temperature&limit=2`)).json<TopicSeries>().points.map((p) => p.value)).toEqual([22.25]);
    expect((await get(`/api/device/${deviceId}/topics/series?topic=label`)).json()).toEqual({ topic: 'label', points: [] });
    expect((await get(`/api/device/${deviceId}/topics/series?topic=nothing`)).json()).toEqual({ topic: 'nothing', points: [] });
  });

  it('answers the battery history from the status reports, oldest first', async () => {
    const history = (await get(`/api/device/${deviceId}/battery`)).json<{ results: BatteryReading[] }>();
    expect(history.results.map(({ source, battery_level }) => ({ source, battery_level }))).toEqual([
      { source: 'battery', battery_level: 91 },
      { source: 'battery', battery_level: 64 },
      { source: 'external', battery_level: null },
    ]);
    expect((await get(`/api/device/${deviceId}/battery?limit=1`)).json<{ results: BatteryReading[] }>().results).toEqual([
      expect.objectContaining({ source: 'external' }),
    ]);
  });

  it("lists the devices a gateway heard recently, the caller's only, with last and best RSSI and SNR", async () => {
    const heard = (await get(`/api/gateway/${gatewayId}/devices`)).json<{ results: HeardDevice[] }>();
    expect(heard.results).toEqual([
      {
        device_id: deviceId,
        dev_eui: FIXTURE_DEV_EUI.toUpperCase(),
        device_name: 'Greenhouse 3',
        last_heard: expect.any(String),
        last_rssi: -75,
        last_snr: 7.5,
        best_rssi: -70,
        best_snr: 9,
        frames: 3,
      },
    ]);
    // A longer window reaches the older reception of the quiet device.
    const week = (await get(`/api/gateway/${gatewayId}/devices?hours=168`)).json<{ results: HeardDevice[] }>();
    expect(week.results.map((device) => device.device_name)).toEqual(['Greenhouse 3', 'Quiet']);
    expect((await get(`/api/gateway/${gatewayId}/devices?hours=168&limit=1`)).json<{ results: HeardDevice[] }>().results).toHaveLength(1);
  });

  it('refuses bad input', async () => {
    for (const url of [
      `/api/device/${deviceId}/events?type=downlink`,
      `/api/device/${deviceId}/events?level=DEBUG`,
      `/api/device/${deviceId}/events?page_size=201`,
      `/api/device/${deviceId}/events?page=0`,
      `/api/device/${deviceId}/events?since=yesterday`,
      `/api/device/${deviceId}/topics/series`,
      `/api/device/${deviceId}/topics/series?topic=`,
      `/api/device/${deviceId}/topics/series?topic=t&limit=1001`,
      `/api/device/${deviceId}/battery?limit=0`,
      `/api/gateway/${gatewayId}/devices?hours=0`,
      `/api/gateway/${gatewayId}/devices?hours=169`,
      `/api/gateway/${gatewayId}/devices?limit=501`,
      '/api/device/not-a-uuid/events',
      '/api/gateway/not-a-uuid/devices',
    ]) {
      expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 400 });
    }
  });

  const urls = () => [
    `/api/device/${deviceId}/events`,
    `/api/device/${deviceId}/topics/series?topic=temperature`,
    `/api/device/${deviceId}/battery`,
    `/api/gateway/${gatewayId}/devices`,
  ];

  it('answers members and API keys of the company; 404 to others, as for an id that does not exist', async () => {
    for (const url of urls()) {
      expect({ url, owner: (await get(url)).statusCode }).toEqual({ url, owner: 200 });
      expect({ url, colleague: (await call(s.t.app, s.colleague, 'GET', url)).statusCode }).toEqual({ url, colleague: 200 });
      expect({ url, key: (await callWithKey(s.t.app, ownerKey, 'GET', url)).statusCode }).toEqual({ url, key: 200 });
      expect({ url, outsider: (await call(s.t.app, s.outsider, 'GET', url)).statusCode }).toEqual({ url, outsider: 404 });
      expect({ url, outsiderKey: (await callWithKey(s.t.app, s.outsiderKey, 'GET', url)).statusCode }).toEqual({ url, outsiderKey: 404 });
      expect({ url, anonymous: (await s.t.app.inject({ method: 'GET', url })).statusCode }).toEqual({ url, anonymous: 401 });
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/api/device/${missing}/events`, `/api/device/${missing}/battery`, `/api/gateway/${missing}/devices`]) {
      expect((await get(url)).statusCode).toBe(404);
    }
  });
});
