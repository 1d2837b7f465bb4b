import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERIES_POINTS } from '../../../server/src/repositories/widget-data.js';
import type { Widget } from '../../../server/src/schemas/widgets.js';
import { createRecord, insertDevice, teamAndOutsider } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, type Method, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/widget', () => {
  let t: TestApp;
  let owner: SignedIn;
  let colleague: SignedIn;
  let outsider: SignedIn;
  let outsiderKey: string;
  let company: string;
  let outsiderCompany: string;
  let board: string;
  let privateBoard: string;
  const ids = { boiler: '', pump: '', silent: '', foreignDevice: '', hall: '', foreignUnit: '' };

  // Devices (insertDevice) and units go straight into the database: this file tests widgets, not device routes.
  const insertUnit = async (companyId: string, name: string) => {
    const id = randomUUID();
    await t.db.insertInto('units').values({ id, company_id: companyId, name, group_id: null, created_at: t.clock.now().toISOString() }).execute();
    return id;
  };
  const insertTopic = (deviceId: string, topic: string, value: unknown, at: string) =>
    t.db
      .insertInto('device_topics')
      .values({ device_id: deviceId, topic, last_value: JSON.stringify(value), last_timestamp: at })
      .execute();

  beforeAll(async () => {
    ({ t, owner, colleague, outsider, outsiderKey, company, outsiderCompany } = await teamAndOutsider());

    ids.hall = await insertUnit(company, 'Hall');
    ids.foreignUnit = await insertUnit(outsiderCompany, 'Foreign hall');
    ids.boiler = await insertDevice(t, { company_id: company, dev_eui: 'DA5B000000000001', name: 'Boiler', unit_id: ids.hall });
    ids.pump = await insertDevice(t, { company_id: company, dev_eui: 'DA5B000000000002', name: '', unit_id: ids.hall });
    ids.silent = await insertDevice(t, { company_id: company, dev_eui: 'DA5B000000000003', name: 'Silent' });
    ids.foreignDevice = await insertDevice(t, { company_id: outsiderCompany, dev_eui: 'DA5B0000000000FF', name: 'Foreign' });
    await insertTopic(ids.boiler, 'temperature', 61.5, '2026-11-22T11:00:00.000Z');
    await insertTopic(ids.boiler, 'status', 'ok', '2026-11-22T11:00:00.000Z');
    await insertTopic(ids.pump, 'temperature', 20, '2026-11-22T10:30:00.000Z');
    await insertTopic(ids.foreignDevice, 'temperature', 99, '2026-11-22T10:30:00.000Z');
    await t.db
      .insertInto('topic_samples')
      .values(['09', '10', '11'].map((h, i) => ({ device_id: ids.boiler, topic: 'temperature', ts: `2026-11-22T${h}:00:00.000Z`, value: String(60 + i) })))
      .execute();

    board = await createRecord(t, owner, '/api/dashboard/', { company_id: company, name: 'Shared board', is_shared: true });
    privateBoard = await createRecord(t, owner, '/api/dashboard/', { company_id: company, name: 'Private board' });
  });
  afterAll(async () => t.close());

  const base = () => ({ dashboard: board, type: 'SINGLE_VALUE', data_source_mode: 'device', width: 3, height: 2, positionX: 0, positionY: 0 });
  const create = async (user: SignedIn, body: object) => {
    const response = await call(t.app, user, 'POST', '/api/widget/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Widget>();
  };
  const data = async (user: SignedIn, id: string, query = '') =>
    (await call(t.app, user, 'GET', `/api/widget/${id}/data${query}`)).json<Record<string, unknown>>();

  it('creates a widget with defaults and answers every field', async () => {
    const created = await create(owner, { ...base(), device: ids.boiler, topic: 'temperature', positionX: 9, positionY: 4 });
    expect(created).toEqual({
      id: expect.any(String),
      dashboard: board,
      type: 'SINGLE_VALUE',
      title: '',
      data_source_mode: 'device',
      query: null,
      device: ids.boiler,
      unit: null,
      topic: 'temperature',
      width: 3,
      height: 2,
      positionX: 9,
      positionY: 4,
      created_at: expect.any(String),
    });
    expect((await call(t.app, owner, 'GET', `/api/widget/${created.id}/`)).json()).toEqual(created);
    const stored = await t.db.selectFrom('widgets').select(['position_x', 'position_y']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ position_x: 9, position_y: 4 });
  });

  it('stores a layout and lists it in grid order as {count, results}', async () => {
    const layout = await createRecord(t, owner, '/api/dashboard/', { company_id: company, name: 'Layout' });
    const at = (positionX: number, positionY: number, width: number) => create(owner, { ...base(), dashboard: layout, positionX, positionY, width });
    const first = await at(0, 0, 3);
    const moved = await at(3, 0, 6);
    const third = await at(9, 0, 3);
    const patched = await call(t.app, owner, 'PATCH', `/api/widget/${moved.id}/`, { positionX: 0, positionY: 2, width: 12, height: 4 });
    expect(patched.json()).toMatchObject({ positionX: 0, positionY: 2, width: 12, height: 4 });
    const listed = (await call(t.app, owner, 'GET', `/api/widget/?dashboard_id=${layout}`)).json<Page<Widget>>();
    expect(listed.count).toBe(3);
    expect(listed.results.map((w) => [w.id, w.positionX, w.positionY, w.width])).toEqual([
      [first.id, 0, 0, 3],
      [third.id, 9, 0, 3],
      [moved.id, 0, 2, 12],
    ]);
    const page = (await call(t.app, owner, 'GET', `/api/widget/?dashboard_id=${layout}&page=2&page_size=2`)).json<Page<Widget>>();
    expect(page).toEqual({ count: 3, results: [listed.results[2]] });
    expect((await call(t.app, owner, 'DELETE', `/api/widget/${third.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `/api/widget/${third.id}/`)).statusCode).toBe(404);
  });

  it('serves SINGLE_VALUE, SERIES and TABLE data, values decoded from JSON', async () => {
    const source = { ...base(), device: ids.boiler, topic: 'temperature' };
    const single = await create(owner, source);
    const series = await create(owner, { ...source, type: 'SERIES' });
    const table = await create(owner, { ...source, type: 'TABLE', topic: null });
    expect(await data(owner, single.id)).toEqual({ type: 'SINGLE_VALUE', value: 61.5, timestamp: '2026-11-22T11:00:00.000Z' });
    expect(await data(owner, series.id, '?from=2026-11-22T09:30:00Z&to=2026-11-22T12:00:00Z')).toEqual({
      type: 'SERIES',
      points: [
        { ts: '2026-11-22T10:00:00.000Z', value: 61 },
        { ts: '2026-11-22T11:00:00.000Z', value: 62 },
      ],
    });
    expect(await data(owner, series.id, '?to=2026-11-22T10:30:00Z')).toMatchObject({ points: [{ value: 60 }, { value: 61 }] });
    expect(await data(owner, table.id)).toEqual({
      type: 'TABLE',
      rows: [
        { device_id: ids.boiler, device_name: 'Boiler', topic: 'status', value: 'ok', timestamp: '2026-11-22T11:00:00.000Z' },
        { device_id: ids.boiler, device_name: 'Boiler', topic: 'temperature', value: 61.5, timestamp: '2026-11-22T11:00:00.000Z' },
      ],
    });
  });

  it('fills a TABLE from a unit, or from the devices matching its query, within the company', async () => {
    const byUnit = await create(owner, { ...base(), type: 'TABLE', data_source_mode: 'unit', unit: ids.hall, topic: 'temperature' });
    expect((await data(owner, byUnit.id)).rows).toEqual([
      { device_id: ids.boiler, device_name: 'Boiler', topic: 'temperature', value: 61.5, timestamp: '2026-11-22T11:00:00.000Z' },
      // A device without a name shows its DevEUI.
      { device_id: ids.pump, device_name: 'DA5B000000000002', topic: 'temperature', value: 20, timestamp: '2026-11-22T10:30:00.000Z' },
    ]);
    const byQuery = await create(owner, { ...base(), type: 'TABLE', data_source_mode: 'query', query: 'da5b', topic: 'temperature' });
    expect(((await data(owner, byQuery.id)).rows as { device_id: string }[]).map((r) => r.device_id)).toEqual([ids.boiler, ids.pump]);
    await call(t.app, owner, 'PATCH', `/api/widget/${byQuery.id}/`, { query: 'boil' });
    expect(((await data(owner, byQuery.id)).rows as { device_id: string }[]).map((r) => r.device_id)).toEqual([ids.boiler]);
  });

  it('answers empty data for a widget not yet pointed at a source', async () => {
    const single = await create(owner, base());
    const series = await create(owner, { ...base(), type: 'SERIES', data_source_mode: 'unit', unit: ids.hall, topic: 'temperature' });
    const table = await create(owner, { ...base(), type: 'TABLE' });
    const unknownTopic = await create(owner, { ...base(), device: ids.silent, topic: 'humidity' });
    expect(await data(owner, single.id)).toEqual({ type: 'SINGLE_VALUE', value: null, timestamp: null });
    expect(await data(owner, series.id)).toEqual({ type: 'SERIES', points: [] });
    expect(await data(owner, table.id)).toEqual({ type: 'TABLE', rows: [] });
    expect(await data(owner, unknownTopic.id)).toEqual({ type: 'SINGLE_VALUE', value: null, timestamp: null });
  });

  it("never shows data of a device that is no longer the dashboard company's", async () => {
    const moved = await insertDevice(t, { company_id: company, dev_eui: 'DA5B000000000010', name: 'Moved', unit_id: ids.hall });
    await insertTopic(moved, 'temperature', 5, '2026-11-22T11:30:00.000Z');
    await t.db.insertInto('topic_samples').values({ device_id: moved, topic: 'temperature', ts: '2026-11-22T11:30:00.000Z', value: '5' }).execute();
    const source = { ...base(), device: moved, topic: 'temperature' };
    const widgets = [await create(owner, source), await create(owner, { ...source, type: 'SERIES' }), await create(owner, { ...source, type: 'TABLE' })];
    const range = '?from=2026-11-22T00:00:00Z&to=2026-11-23T00:00:00Z';
    expect(await Promise.all(widgets.map((w) => data(owner, w.id, range)))).toEqual([
      { type: 'SINGLE_VALUE', value: 5, timestamp: '2026-11-22T11:30:00.000Z' },
      { type: 'SERIES', points: [{ ts: '2026-11-22T11:30:00.000Z', value: 5 }] },
      { type: 'TABLE', rows: [expect.objectContaining({ device_id: moved, value: 5 })] },
    ]);
    // Ids held by a widget are no licence: the device now belongs elsewhere (also if its unit id stayed).
    await t.db.updateTable('devices').set({ company_id: outsiderCompany }).where('id', '=', moved).execute();
    const unitTable = await create(owner, { ...base(), type: 'TABLE', data_source_mode: 'unit', unit: ids.hall, topic: 'temperature' });
    expect(await Promise.all(widgets.map((w) => data(owner, w.id, range)))).toEqual([
      { type: 'SINGLE_VALUE', value: null, timestamp: null },
      { type: 'SERIES', points: [] },
      { type: 'TABLE', rows: [] },
    ]);
    expect(((await data(owner, unitTable.id)).rows as { device_id: string }[]).map((r) => r.device_id)).not.toContain(moved);
  });

  it(`thins a long series out to at most ${MAX_SERIES_POINTS} points, keeping the newest`, async () => {
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    const samples = Array.from({ length: 4500 }, (_, i) => ({
      device_id: ids.silent,
      topic: 'pressure',
      ts: new Date(start + i * 10_000).toISOString(),
      value: String(i),
    }));
    for (let i = 0; i < samples.length; i += 500)
      await t.db
        .insertInto('topic_samples')
        .values(samples.slice(i, i + 500))
        .execute();
    const widget = await create(owner, { ...base(), type: 'SERIES', device: ids.silent, topic: 'pressure' });
    const points = (await data(owner, widget.id, '?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z')).points as { ts: string; value: number }[];
    // 4500 samples, every 3rd one counted back from the newest.
    expect(points).toHaveLength(1500);
    expect(points.at(-1)).toEqual({ ts: samples[4499]?.ts, value: 4499 });
    expect(points[0]).toEqual({ ts: samples[2]?.ts, value: 2 });
    expect(points.every((p, i) => i === 0 || p.value - (points[i - 1]?.value ?? 0) === 3)).toBe(true);
    const narrow = (await data(owner, widget.id, `?from=${samples[100]?.ts}&to=${samples[199]?.ts}`)).points as unknown[];
    expect(narrow).toHaveLength(100);
  });

  it('refuses a data range whose start lies after its end, and malformed times', async () => {
    const widget = await create(owner, { ...base(), type: 'SERIES', device: ids.boiler, topic: 'temperature' });
    for (const [query, field] of [
      ['?from=2026-11-22T12:00:00Z&to=2026-11-22T10:00:00Z', 'from'],
      ['?from=yesterday', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?step=5', 'step'],
    ]) {
      const response = await call(t.app, owner, 'GET', `/api/widget/${widget.id}/data${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toMatchObject({ code: 'validation', fields: { [String(field)]: expect.any(String) } });
    }
  });

  it.each([
    [{ type: 'PIE' }, 'type'],
    [{ type: undefined }, 'type'],
    [{ data_source_mode: 'sql' }, 'data_source_mode'],
    [{ dashboard: 'nope' }, 'dashboard'],
    [{ width: 0 }, 'width'],
    [{ width: 13 }, 'width'],
    [{ width: 2.5 }, 'width'],
    [{ width: '3' }, 'width'],
    [{ height: 0 }, 'height'],
    [{ height: 25 }, 'height'],
    [{ positionX: -1 }, 'positionX'],
    [{ positionX: 12 }, 'positionX'],
    [{ positionX: 10, width: 4 }, 'width'],
    [{ positionY: -1 }, 'positionY'],
    [{ positionY: null }, 'positionY'],
    [{ position_x: 1 }, 'position_x'],
    [{ device: 'nope' }, 'device'],
    [{ device: '@foreignDevice' }, 'device'],
    [{ device: '00000000-0000-4000-8000-000000000000' }, 'device'],
    [{ unit: '@foreignUnit' }, 'unit'],
    [{ topic: '  ' }, 'topic'],
    [{ title: 7 }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ query: 'x'.repeat(2001) }, 'query'],
    [{ colour: 'red' }, 'colour'],
  ])('rejects widget %j', async (change, field) => {
    const resolved = Object.fromEntries(
      Object.entries({ ...base(), ...change })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, v === '@foreignDevice' ? ids.foreignDevice : v === '@foreignUnit' ? ids.foreignUnit : v]),
    );
    const response = await call(t.app, owner, 'POST', '/api/widget/', resolved);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation', fields: { [field]: expect.any(String) } });
  });

  it.each([
    [{ width: 13 }, 'width'],
    [{ positionX: 11 }, 'width'],
    [{ height: -2 }, 'height'],
    [{ type: 'GAUGE' }, 'type'],
    [{ device: '@foreignDevice' }, 'device'],
    [{ unit: '@foreignUnit' }, 'unit'],
    [{ dashboard: '@privateBoard' }, 'dashboard'],
    [{ id: '00000000-0000-4000-8000-000000000000' }, 'id'],
  ])('rejects widget change %j and keeps the widget', async (change, field) => {
    const widget = await create(owner, { ...base(), positionX: 8, width: 4 });
    const resolved = Object.fromEntries(
      Object.entries(change).map(([k, v]) => [
        k,
        v === '@foreignDevice' ? ids.foreignDevice : v === '@foreignUnit' ? ids.foreignUnit : v === '@privateBoard' ? privateBoard : v,
      ]),
    );
    const response = await call(t.app, owner, 'PATCH', `/api/widget/${widget.id}/`, resolved);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
    expect((await call(t.app, owner, 'GET', `/api/widget/${widget.id}/`)).json()).toEqual(widget);
  });

  it('lets members arrange widgets on a shared dashboard and hides a private one', async () => {
    const added = await create(colleague, { ...base(), device: ids.boiler, topic: 'temperature' });
    expect((await call(t.app, colleague, 'PATCH', `/api/widget/${added.id}/`, { positionY: 6 })).json()).toMatchObject({ positionY: 6 });
    expect(await data(colleague, added.id)).toMatchObject({ value: 61.5 });
    expect((await call(t.app, colleague, 'DELETE', `/api/widget/${added.id}/`)).statusCode).toBe(204);

    const secret = await create(owner, { ...base(), dashboard: privateBoard, device: ids.boiler, topic: 'temperature' });
    for (const [method, url, body] of [
      ['GET', `/api/widget/${secret.id}/`],
      ['GET', `/api/widget/${secret.id}/data`],
      ['PATCH', `/api/widget/${secret.id}/`, { width: 2 }],
      ['DELETE', `/api/widget/${secret.id}/`],
      ['POST', '/api/widget/', { ...base(), dashboard: privateBoard }],
    ] as [Method, string, object?][]) {
      expect({ method, url, status: (await call(t.app, colleague, method, url, body)).statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, colleague, 'GET', `/api/widget/?dashboard_id=${privateBoard}`)).json()).toEqual({ count: 0, results: [] });
    const everything = (await call(t.app, colleague, 'GET', '/api/widget/?page_size=1000')).json<Page<Widget>>();
    expect(everything.results.some((w) => w.dashboard === privateBoard)).toBe(false);
  });

  it("gives another company's member, signed in or with an API key, 404 or nothing for every verb", async () => {
    const widget = await create(owner, { ...base(), type: 'TABLE', device: ids.boiler });
    const viaSession = (method: Method, url: string, body?: object) => call(t.app, outsider, method, url, body);
    const viaKey = (method: Method, url: string, body?: object) => callWithKey(t.app, outsiderKey, method, url, body);
    for (const send of [viaSession, viaKey]) {
      for (const [method, url, body] of [
        ['GET', `/api/widget/${widget.id}/`],
        ['GET', `/api/widget/${widget.id}/data`],
        ['PATCH', `/api/widget/${widget.id}/`, { width: 4 }],
        ['DELETE', `/api/widget/${widget.id}/`],
        ['POST', '/api/widget/', base()],
      ] as [Method, string, object?][]) {
        const response = await send(method, url, body);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
        expect(response.body).not.toContain('Boiler');
      }
      expect((await send('GET', `/api/widget/?dashboard_id=${board}`)).json()).toEqual({ count: 0, results: [] });
      expect((await send('GET', '/api/widget/')).json()).toEqual({ count: 0, results: [] });
    }
    expect((await data(owner, widget.id)).rows).toHaveLength(2);
  });
});
