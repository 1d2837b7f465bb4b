import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/users.js';
import { createRecord, twoCompanies, type TwoCompanies } from '../helpers/fixtures.js';
import { APP_KEY, DEV_EUI, GATEWAY_ID } from './samples.js';

// Without CHIRPSTACK_API_URL (standalone mode) everything works as before: nothing is recorded for
// a network server, nothing waits on one, and what needs one says so.
describe('standalone mode', () => {
  let s: TwoCompanies;
  beforeAll(async () => {
    s = await twoCompanies();
  });
  afterAll(async () => s.t.close());

  it('records nothing for a network server and shows no sync state', async () => {
    const profile = await createRecord(s.t, s.alice, `/api/config/${s.company}`, { name: 'Room sensor' });
    const device = await createRecord(s.t, s.alice, '/api/device/', {
      company_id: s.company,
      dev_eui: DEV_EUI,
      app_key: APP_KEY,
      config: profile,
    });
    await createRecord(s.t, s.alice, '/api/gateway/', { company_id: s.company, gateway_id: GATEWAY_ID });
    expect(await s.t.db.selectFrom('network_outbox').selectAll().execute()).toEqual([]);
    expect(await s.t.db.selectFrom('network_sync').selectAll().execute()).toEqual([]);
    expect(Object.keys((await call(s.t.app, s.alice, 'GET', `/api/device/${device}/`)).json())).not.toContain('network_sync');
    expect((await call(s.t.app, s.alice, 'GET', '/api/network/status')).json()).toEqual({ mode: 'standalone', pending: 0, failed: 0 });
    expect((await call(s.t.app, s.alice, 'POST', `/api/network/sync/device/${device}/retry`)).statusCode).toBe(404);
  });

  it('reconciliation says it needs a network server', async () => {
    const answer = await call(s.t.app, s.alice, 'GET', `/api/network/reconcile?company_id=${s.company}`);
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'networkServerRequired']);
  });
});
