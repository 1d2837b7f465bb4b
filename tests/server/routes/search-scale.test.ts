import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../server/src/schemas/search.js';
import { RECENT_EVENTS_SEARCHED, RESULTS_PER_TYPE } from '../../../server/src/repositories/search.js';
import { createCompany, insertDevice, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

// Global search scales with the fleet, not with its history (issue #24): events are not in the
// index; the event group looks through each company's newest events only; each type's results are
// prefix matches first, then the rest, RESULTS_PER_TYPE at most.
describe('GET /api/search/ at scale', () => {
  let t: TestApp;
  let alice: SignedIn;
  let company: string;
  let bobCompany: string;
  let device: string;
  let serial = 0;

  /** `count` events of the company's device, `minutesAgo` minutes old and older by a second each. */
  const addEvents = async (companyId: string, deviceId: string, count: number, minutesAgo: number, summary: (i: number) => string) => {
    const start = t.clock.now().getTime() - minutesAgo * 60_000;
    const rows = Array.from({ length: count }, (_, i) => {
      serial += 1;
      return {
        id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
        company_id: companyId,
        device_id: deviceId,
        type: 'up' as const,
        summary: summary(i),
        payload: null,
        created_at: new Date(start - i * 1000).toISOString(),
        dedupe_key: `k${serial}`,
      };
    });
    for (let i = 0; i < rows.length; i += 100)
      await t.db
        .insertInto('device_events')
        .values(rows.slice(i, i + 100))
        .execute();
  };

  beforeAll(async () => {
    let bob: SignedIn;
    ({ t, alice, bob } = await twoUsers());
    company = await createCompany(t, alice, 'Pumping station');
    bobCompany = await createCompany(t, bob, 'Other pumps');
    device = await insertDevice(t, { company_id: company, dev_eui: 'A84041000181E001', name: 'Pump house' });
    for (let i = 1; i <= 9; i++) await insertDevice(t, { company_id: company, dev_eui: `A84041000181E10${i}`, name: `Apple orchard pump 0${i}` });
    await insertDevice(t, { company_id: bobCompany, dev_eui: 'B84041000181E001', name: 'Pump of Bob' });
  });
  afterAll(async () => t.close());

  const search = async (q: string) => {
    const response = await call(t.app, alice, 'GET', `/api/search/?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ results: SearchResult[] }>().results;
  };

  it('keeps no event in the search index', async () => {
    await addEvents(company, device, 3, 1, (i) => `Pump started ${i}`);
    const entries = await t.db.selectFrom('search_entries').select('type').where('type', '=', 'event').execute();
    expect(entries).toEqual([]);
    // …and still shows recent ones, newest first.
    const events = (await search('pump started')).filter((hit) => hit.type === 'event');
    expect(events.map((hit) => hit.name)).toEqual(['Pump started 0', 'Pump started 1', 'Pump started 2']);
  });

  it("finds events among each company's newest RECENT_EVENTS_SEARCHED only, never another company's", async () => {
    await addEvents(company, device, 1, 60, () => 'Valve needle stuck');
    expect((await search('needle')).filter((hit) => hit.type === 'event')).toHaveLength(1);
    // Newer events push it out of the window the dialog looks through.
    await addEvents(company, device, RECENT_EVENTS_SEARCHED, 30, (i) => `Uplink on port 1, frame ${i}: 1 values`);
    expect((await search('needle')).filter((hit) => hit.type === 'event')).toEqual([]);
    const theirDevice = await insertDevice(t, { company_id: bobCompany, dev_eui: 'B84041000181E002', name: 'Theirs' });
    await addEvents(bobCompany, theirDevice, 1, 0, () => 'Bob needle alarm');
    expect((await search('needle')).filter((hit) => hit.type === 'event')).toEqual([]);
    // The event group is capped like every other.
    expect((await search('frame')).filter((hit) => hit.type === 'event')).toHaveLength(RESULTS_PER_TYPE);
  });

  it('lists prefix matches first, then other matches, at most RESULTS_PER_TYPE per type', async () => {
    const devices = (await search('pump')).filter((hit) => hit.type === 'device');
    expect(devices).toHaveLength(RESULTS_PER_TYPE);
    // Alphabetically "Pump house" would come after the eight orchard pumps and be left out.
    expect(devices.map((hit) => hit.name)).toEqual(['Pump house', ...Array.from({ length: 7 }, (_, i) => `Apple orchard pump 0${i + 1}`)]);
    // Short queries match by prefix only.
    expect((await search('pu')).filter((hit) => hit.type === 'device').map((hit) => hit.name)).toEqual(['Pump house']);
    expect((await search('pu')).filter((hit) => hit.type === 'company').map((hit) => hit.name)).toEqual(['Pumping station']);
  });
});
