import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportRepository } from '../../../server/src/repositories/data-export.js';
import { createApiKey, createRecord, insertDevice, twoCompanies } from '../helpers/fixtures.js';
import { until } from '../helpers/mqtt-broker.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type SignedIn } from '../helpers/users.js';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-11-01T00:00:00.000Z');
const at = (days: number) => new Date(START + days * DAY_MS).toISOString();

// Issue #18: a device's time series of a period and a table widget's rows as CSV, streamed, named
// after the company and the day; the series metered like every time-series read.
describe('GET /api/device/:id/topics/export and /api/widget/:id/export', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let device: string;
  let widget: string;
  let chart: string;

  beforeAll(async () => {
    let bobCompany: string;
    ({ t, alice, bob, company, bobCompany } = await twoCompanies({ USAGE_FLUSH_MS: '20' }));
    await t.db.updateTable('companies').set({ name: 'Müller Facility Services' }).where('id', '=', company).execute();
    device = await insertDevice(t, { company_id: company, dev_eui: 'E1E0000000000001', name: 'Boiler cellar' });
    const quiet = await insertDevice(t, { company_id: company, dev_eui: 'E1E0000000000002', name: '' });
    await insertDevice(t, { company_id: bobCompany, dev_eui: 'E1E00000000000FF', name: 'Bob secret' });
    const sample = (topic: string, days: number, value: unknown) => ({ device_id: device, topic, ts: at(days), value: JSON.stringify(value) });
    await t.db
      .insertInto('topic_samples')
      .values([
        sample('temperature', 0, 20.5),
        sample('temperature', 5, 21),
        sample('temperature', 15, 22),
        sample('temperature', 40, 99),
        sample('status', 1, '=cmd|calc'),
        sample('status', 2, { mode: 'eco' }),
      ])
      .execute();
    const topic = (id: string, name: string, value: unknown) =>
      t.db
        .insertInto('device_topics')
        .values({ device_id: id, topic: name, last_value: JSON.stringify(value), last_timestamp: at(2) })
        .execute();
    await topic(device, 'temperature', 22);
    await topic(device, 'status', 'ok');
    await topic(quiet, 'temperature', 18);
    const board = await createRecord(t, alice, '/api/dashboard/', { company_id: company, name: 'Board' });
    const place = { dashboard: board, data_source_mode: 'query', width: 3, height: 2, positionX: 0, positionY: 0 };
    widget = await createRecord(t, alice, '/api/widget/', { ...place, type: 'TABLE', title: 'Latest values', query: '' });
    chart = await createRecord(t, alice, '/api/widget/', { ...place, type: 'SERIES', data_source_mode: 'device', device, topic: 'temperature', positionY: 2 });
  });
  afterAll(async () => t.close());

  const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');
  const series = (query: string, who = alice) => call(t.app, who, 'GET', `/api/device/${device}/topics/export?${query}`);

  it("streams the period's samples by topic then time, named after the device, the company and the day", async () => {
    const answer = await series(`from=${at(0)}&to=${at(20)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="boiler-cellar-data-muller-facility-services-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines(answer.body)).toEqual([
      'topic,timestamp,value',
      `status,${at(1)},'=cmd|calc`,
      `status,${at(2)},"{""mode"":""eco""}"`,
      `temperature,${at(0)},20.5`,
      `temperature,${at(5)},21`,
      `temperature,${at(15)},22`,
    ]);
    const one = await series(`from=${at(0)}&to=${at(60)}&topic=temperature`);
    expect(lines(one.body)).toHaveLength(5);
    expect(one.body).not.toContain('status');
  });

  it('refuses a reversed or too long period and bad input; another company’s device is not found', async () => {
    const reversed = await series(`from=${at(5)}&to=${at(1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field_codes: { from: { code: 'range_reversed' } } });
    const long = await series(`from=${at(0)}&to=${at(400)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field_codes: { from: { code: 'period_too_long', params: { limit: 366 } } } });
    expect((await series('from=yesterday')).statusCode).toBe(400);
    expect((await series('colour=red')).statusCode).toBe(400);
    expect((await series(`from=${at(0)}&to=${at(20)}`, bob)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', '/api/device/not-a-uuid/topics/export')).statusCode).toBe(400);
  });

  it('charges an API key 1 token per started week the exported samples span; the console nothing', async () => {
    const key = await createApiKey(t, alice, 'export');
    const stored = async () =>
      (await t.db.selectFrom('token_usage').select('tokens').where('company_id', '=', company).execute()).reduce((sum, row) => sum + Number(row.tokens), 0);
    const before = await stored();
    // Temperature from day 0 to day 15: 3 started weeks, and 1 token for the request.
    const answer = await callWithKey(t.app, key, 'GET', `/api/device/${device}/topics/export?from=${at(0)}&to=${at(20)}&topic=temperature`);
    expect(lines(answer.body)).toHaveLength(4);
    expect(await until(async () => (await stored()) === before + 4)).toBe(true);
    await series(`from=${at(0)}&to=${at(20)}`);
    // Nothing exported costs only the request.
    await callWithKey(t.app, key, 'GET', `/api/device/${device}/topics/export?from=${at(100)}&to=${at(101)}`);
    expect(await until(async () => (await stored()) === before + 5)).toBe(true);
  });

  it('pages through samples sharing one instant without losing or repeating one', async () => {
    const repeated = Array.from({ length: 5 }, (_, n) => ({ device_id: device, topic: 'pulse', ts: at(3), value: String(n) }));
    await t.db.insertInto('topic_samples').values(repeated).execute();
    const pages = [];
    for await (const page of dataExportRepository(t.db).samples(device, { from: at(0), to: at(20), topic: 'pulse' }, 2)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(
      pages
        .flat()
        .map((row) => row.value)
        .sort(),
    ).toEqual(['0', '1', '2', '3', '4']);
  });

  it('pages through every topic in turn, each by time, none lost or repeated at a page’s end', async () => {
    const pages = [];
    for await (const page of dataExportRepository(t.db).samples(device, { from: at(0), to: at(20) }, 2)) pages.push(page);
    const rows = pages.flat().map((row) => `${row.topic} ${row.ts}`);
    expect(rows).toEqual([
      ...[0, 1, 2, 3, 4].map(() => `pulse ${at(3)}`),
      `status ${at(1)}`,
      `status ${at(2)}`,
      `temperature ${at(0)}`,
      `temperature ${at(5)}`,
      `temperature ${at(15)}`,
    ]);
    expect(pages.every((page) => page.length <= 2 && new Set(page.map((row) => row.topic)).size === 1)).toBe(true);
  });

  it("streams a table widget's rows in its order, named after the widget, the company and the day", async () => {
    const answer = await call(t.app, alice, 'GET', `/api/widget/${widget}/export`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="latest-values-muller-facility-services-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines(answer.body)).toEqual([
      'device,dev_eui,topic,value,timestamp',
      `Boiler cellar,E1E0000000000001,status,ok,${at(2)}`,
      `Boiler cellar,E1E0000000000001,temperature,22,${at(2)}`,
      `E1E0000000000002,E1E0000000000002,temperature,18,${at(2)}`,
    ]);
    expect(answer.body).not.toContain('Bob secret');
  });

  it('refuses a widget that is no table, and another company’s widget is not found', async () => {
    const notTable = await call(t.app, alice, 'GET', `/api/widget/${chart}/export`);
    expect(notTable.statusCode).toBe(400);
    expect(notTable.json()).toMatchObject({ field_codes: { id: { code: 'widget_not_table' } } });
    expect((await call(t.app, bob, 'GET', `/api/widget/${widget}/export`)).statusCode).toBe(404);
    expect((await call(t.app, alice, 'GET', '/api/widget/00000000-0000-4000-8000-000000000000/export')).statusCode).toBe(404);
  });
});
