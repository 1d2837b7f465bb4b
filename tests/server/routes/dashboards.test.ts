import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

interface Dashboard {
  id: string;
  name: string;
  is_shared: boolean;
  is_owner: boolean;
}

interface Widget {
  id: string;
  positionX: number;
  positionY: number;
  width: number;
}

describe('dashboards and widgets', () => {
  let t: TestApp;
  let owner: SignedIn;
  let colleague: SignedIn;
  let outsider: SignedIn;
  let company: string;
  let device: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    colleague = await signUp(t.app);
    outsider = await signUp(t.app);
    company = (await call(t.app, owner, 'POST', '/api/company/', { name: 'Dash Co' })).json<{ id: string }>().id;
    const invite = (await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, email: colleague.email })).json<{ code: string }>();
    await call(t.app, colleague, 'POST', `/api/invite/${invite.code}/join`);
    await call(t.app, outsider, 'POST', '/api/company/', { name: 'Elsewhere' });
    device = (await call(t.app, owner, 'POST', '/api/device/', { company_id: company, dev_eui: 'DA5B000000000001', app_key: 'A'.repeat(32), name: 'Boiler' })).json<{ id: string }>().id;
    await t.db
      .insertInto('device_topics')
      .values({ device_id: device, topic: 'temperature', last_value: '61.5', last_timestamp: '2026-11-22T11:00:00.000Z' })
      .execute();
    await t.db
      .insertInto('topic_samples')
      .values(['09', '10', '11'].map((h, i) => ({ device_id: device, topic: 'temperature', ts: `2026-11-22T${h}:00:00.000Z`, value: String(60 + i) })))
      .execute();
  });
  afterAll(async () => t.close());

  const widget = (user: SignedIn, body: object) => call(t.app, user, 'POST', '/api/widget/', body);

  it('shows a private dashboard to its owner only and a shared one to every member', async () => {
    const mine = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Mine' })).json<Dashboard>();
    const shared = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Plant', is_shared: true })).json<Dashboard>();
    expect(mine).toMatchObject({ is_shared: false, is_owner: true });
    expect((await call(t.app, colleague, 'GET', '/api/dashboard/')).json()).toMatchObject({ count: 1, results: [{ id: shared.id, is_owner: false }] });
    expect((await call(t.app, outsider, 'GET', '/api/dashboard/')).json()).toEqual({ count: 0, results: [] });
    // Members arrange widgets on shared dashboards but only the owner renames or deletes them.
    expect((await widget(colleague, { dashboard: shared.id, type: 'SINGLE_VALUE', data_source_mode: 'device', device, topic: 'temperature', width: 3, height: 2, positionX: 0, positionY: 0 })).statusCode).toBe(201);
    expect((await call(t.app, colleague, 'PATCH', `/api/dashboard/${shared.id}/`, { name: 'Taken' })).statusCode).toBe(403);
    expect((await call(t.app, colleague, 'DELETE', `/api/dashboard/${shared.id}/`)).statusCode).toBe(403);
    expect((await call(t.app, colleague, 'PATCH', `/api/dashboard/${mine.id}/`, { name: 'Seen' })).statusCode).toBe(404);
    expect((await widget(colleague, { dashboard: mine.id, type: 'TABLE', data_source_mode: 'device', width: 3, height: 2, positionX: 0, positionY: 0 })).statusCode).toBe(404);
  });

  it('stores a layout and serves each widget type its data', async () => {
    const board = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Boiler room' })).json<Dashboard>();
    const base = { dashboard: board.id, data_source_mode: 'device', device, topic: 'temperature', height: 3 };
    const single = (await widget(owner, { ...base, type: 'SINGLE_VALUE', width: 3, positionX: 0, positionY: 0 })).json<Widget>();
    const series = (await widget(owner, { ...base, type: 'SERIES', width: 6, positionX: 3, positionY: 0 })).json<Widget>();
    const table = (await widget(owner, { ...base, type: 'TABLE', topic: null, width: 3, positionX: 9, positionY: 0 })).json<Widget>();
    await call(t.app, owner, 'PATCH', `/api/widget/${series.id}/`, { positionX: 0, positionY: 3, width: 12 });
    const layout = (await call(t.app, owner, 'GET', `/api/widget/?dashboard_id=${board.id}`)).json<Widget[]>();
    expect(layout.map((w) => [w.id, w.positionX, w.positionY, w.width])).toEqual([
      [single.id, 0, 0, 3],
      [table.id, 9, 0, 3],
      [series.id, 0, 3, 12],
    ]);
    expect((await call(t.app, owner, 'GET', `/api/widget/${single.id}/data`)).json()).toEqual({ type: 'SINGLE_VALUE', value: 61.5, timestamp: '2026-11-22T11:00:00.000Z' });
    const points = (await call(t.app, owner, 'GET', `/api/widget/${series.id}/data?from=2026-11-22T09:30:00Z&to=2026-11-22T12:00:00Z`)).json<{ points: unknown[] }>();
    expect(points).toEqual({ type: 'SERIES', points: [{ ts: '2026-11-22T10:00:00.000Z', value: 61 }, { ts: '2026-11-22T11:00:00.000Z', value: 62 }] });
    expect((await call(t.app, owner, 'GET', `/api/widget/${table.id}/data`)).json()).toEqual({
      type: 'TABLE',
      rows: [{ device_id: device, device_name: 'Boiler', topic: 'temperature', value: 61.5, timestamp: '2026-11-22T11:00:00.000Z' }],
    });
  });

  it.each([
    [{ type: 'PIE' }, 'type'],
    [{ width: 0 }, 'width'],
    [{ width: 13 }, 'width'],
    [{ positionX: 10, width: 4 }, 'width'],
    [{ positionY: -1 }, 'positionY'],
    [{ device: 'nope' }, 'device'],
    [{ data_source_mode: 'sql' }, 'data_source_mode'],
    [{ colour: 'red' }, 'colour'],
  ])('rejects widget %j', async (change, field) => {
    const board = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: `Board ${randomUUID()}` })).json<Dashboard>();
    const body = { dashboard: board.id, type: 'SINGLE_VALUE', data_source_mode: 'device', width: 3, height: 2, positionX: 0, positionY: 0, ...change };
    const response = await widget(owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it("refuses another company's device in a widget and hides widgets from outsiders", async () => {
    const foreignCompany = (await call(t.app, outsider, 'GET', '/api/company/')).json<{ results: { id: string }[] }>().results[0]?.id;
    const foreignDevice = (await call(t.app, outsider, 'POST', '/api/device/', { company_id: foreignCompany, dev_eui: 'DA5B000000000002', app_key: 'B'.repeat(32) })).json<{ id: string }>().id;
    const board = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Strict', is_shared: true })).json<Dashboard>();
    const response = await widget(owner, { dashboard: board.id, type: 'SINGLE_VALUE', data_source_mode: 'device', device: foreignDevice, topic: 't', width: 3, height: 2, positionX: 0, positionY: 0 });
    expect(response.json()).toMatchObject({ fields: { device: 'No such device.' } });
    const created = (await widget(owner, { dashboard: board.id, type: 'TABLE', data_source_mode: 'device', device, width: 3, height: 2, positionX: 0, positionY: 0 })).json<Widget>();
    for (const [method, url, body] of [
      ['GET', `/api/widget/${created.id}/data`],
      ['PATCH', `/api/widget/${created.id}/`, { width: 4 }],
      ['DELETE', `/api/widget/${created.id}/`],
      ['PATCH', `/api/dashboard/${board.id}/`, { name: 'x' }],
      ['DELETE', `/api/dashboard/${board.id}/`],
    ] as const) {
      const answer = await call(t.app, outsider, method, url, body);
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 404 });
    }
    expect((await call(t.app, outsider, 'GET', `/api/widget/?dashboard_id=${board.id}`)).json()).toEqual([]);
  });

  it('deletes a dashboard with its widgets', async () => {
    const board = (await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Temporary' })).json<Dashboard>();
    const created = (await widget(owner, { dashboard: board.id, type: 'TABLE', data_source_mode: 'unit', width: 2, height: 2, positionX: 0, positionY: 0 })).json<Widget>();
    expect((await call(t.app, owner, 'DELETE', `/api/dashboard/${board.id}/`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `/api/widget/${created.id}/data`)).statusCode).toBe(404);
  });
});
