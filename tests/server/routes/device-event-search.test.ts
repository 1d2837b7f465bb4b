import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceEventItem } from '../../../server/src/schemas/device-history.js';
import { insertDevice, teamAndOutsider, type TeamAndOutsider } from '../helpers/fixtures.js';
import { call, type Page } from '../helpers/users.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// A device's events are searched on its page (issue #24): within a period (7 days unless chosen, at
// most 31), newest first, paged. The rows are written straight into the table: what is read, not ingest, is under test.
describe("GET /api/device/:id/events: searching a device's events of a period", () => {
  let s: TeamAndOutsider;
  let deviceId: string;
  let theirDevice: string;
  const ago = (ms: number) => new Date(s.t.clock.now().getTime() - ms).toISOString();

  beforeAll(async () => {
    s = await teamAndOutsider();
    deviceId = await insertDevice(s.t, { company_id: s.company, dev_eui: 'A84041000181D001', name: 'Cellar sensor' });
    theirDevice = await insertDevice(s.t, { company_id: s.outsiderCompany, dev_eui: 'A84041000181D002', name: 'Theirs' });
    const event = (id: string, at: string, type: DeviceEventItem['type'], summary: string, payload: object, device = deviceId) => ({
      id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
      company_id: device === deviceId ? s.company : s.outsiderCompany,
      device_id: device,
      type,
      summary,
      payload: JSON.stringify(payload),
      created_at: at,
      dedupe_key: `key-${id}`,
    });
    const rows = [
      // 30 uplinks, one every 90 minutes: frame 30 is the newest.
      ...Array.from({ length: 30 }, (_, i) =>
        event(`${i + 1}`, ago((30 - i) * 90 * 60_000), 'up', `Uplink on port 1, frame ${i + 1}: 1 values`, { fCnt: i + 1 }),
      ),
      event('100', ago(2 * DAY_MS), 'log', 'WARNING UPLINK_F_CNT_RETRANSMISSION: Retransmission', { description: 'Retransmission' }),
      event('101', ago(3 * DAY_MS), 'up', 'Uplink on port 2: 1 values', { data: { label: 'North wall' } }),
      event('102', ago(10 * DAY_MS), 'log', 'ERROR OTAA: DevNonce has already been used', {}),
      event('103', ago(40 * DAY_MS), 'join', 'Joined with address 01ABCDEF', {}),
      event('104', ago(HOUR_MS), 'up', 'Uplink on port 1, frame 7: 1 values', { fCnt: 7 }, theirDevice),
    ];
    await s.t.db.insertInto('device_events').values(rows).execute();
  });
  afterAll(async () => s.t.close());

  const events = async (query: string, user = s.owner, device = deviceId) => {
    const response = await call(s.t.app, user, 'GET', `/api/device/${device}/events?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Page<DeviceEventItem>>();
  };
  const frames = (page: Page<DeviceEventItem>) => page.results.map((e) => (e.payload as { fCnt?: number }).fCnt);

  it('finds the events whose summary contains the text, newest first, paged, with the count of the period', async () => {
    const first = await events('q=FRAME&page_size=10');
    expect(first.count).toBe(30);
    expect(frames(first)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect(frames(await events('q=frame&page_size=10&page=3'))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await events('q=frame&page_size=10&page=4')).toEqual({ count: 30, results: [] });
    // Frame 7 of another company's device is not this device's.
    expect(frames(await events('q=frame%207'))).toEqual([7]);
  });

  it('matches what the event carried, and wildcards as themselves', async () => {
    expect((await events('q=north%20wall')).results.map((e) => e.summary)).toEqual(['Uplink on port 2: 1 values']);
    expect((await events('q=retransmission')).results.map((e) => e.type)).toEqual(['log']);
    expect(await events('q=%25')).toEqual({ count: 0, results: [] });
    expect(await events('q=frame_')).toEqual({ count: 0, results: [] });
    // Blank: every event of the period.
    expect((await events('q=%20%20')).count).toBe(32);
  });

  it('reads the last 7 days unless a period is chosen, and only the chosen period', async () => {
    expect((await events('')).count).toBe(32);
    expect(await events('q=otaa')).toEqual({ count: 0, results: [] });
    const from = encodeURIComponent(ago(11 * DAY_MS));
    expect((await events(`q=otaa&from=${from}`)).results.map((e) => e.summary)).toEqual(['ERROR OTAA: DevNonce has already been used']);
    expect((await events(`from=${from}&to=${encodeURIComponent(ago(9 * DAY_MS))}`)).count).toBe(1);
    // Older than the retention default, still stored: a period that reaches it finds it.
    const old = await events(`from=${encodeURIComponent(ago(41 * DAY_MS))}&to=${encodeURIComponent(ago(39 * DAY_MS))}`);
    expect(old.results.map((e) => e.type)).toEqual(['join']);
    // A type filter reads its own index with the same period.
    expect((await events(`type=log&from=${from}`)).count).toBe(2);
    expect((await events('type=log')).count).toBe(1);
  });

  it('answers 404 for another company’s device and one that does not exist, to its members 200', async () => {
    expect((await call(s.t.app, s.owner, 'GET', `/api/device/${theirDevice}/events?q=frame`)).statusCode).toBe(404);
    expect((await call(s.t.app, s.outsider, 'GET', `/api/device/${deviceId}/events?q=frame`)).statusCode).toBe(404);
    expect((await call(s.t.app, s.owner, 'GET', '/api/device/00000000-0000-4000-8000-000000000000/events?q=frame')).statusCode).toBe(404);
    expect((await events('q=frame', s.colleague)).count).toBe(30);
  });

  it('refuses bad input: a reversed or too long period, a bad time, a long text, unknown parameters', async () => {
    const refused = async (query: string) => {
      const response = await call(s.t.app, s.owner, 'GET', `/api/device/${deviceId}/events?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      return response.json<{ code: string; field_codes?: Record<string, { code: string; params?: object }> }>();
    };
    const reversed = await refused(`from=${encodeURIComponent(ago(HOUR_MS))}&to=${encodeURIComponent(ago(DAY_MS))}`);
    expect(reversed).toMatchObject({ code: 'validation', field_codes: { from: { code: 'range_reversed' } } });
    const long = await refused(`from=${encodeURIComponent(ago(32 * DAY_MS))}`);
    expect(long).toMatchObject({ code: 'validation', field_codes: { from: { code: 'period_too_long', params: { limit: 31 } } } });
    await refused('from=yesterday');
    await refused('to=2026-13-01T00:00:00Z');
    await refused(`q=${'x'.repeat(201)}`);
    await refused('search=frame');
  });
});
