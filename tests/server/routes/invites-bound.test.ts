import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite } from '../../../server/src/schemas/invites.js';
import { oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

/** Invites bound to a person, with a role and an expiry (issue #15). */
describe('invites bound to an address', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({}, 'Bound'));
  });
  afterAll(async () => t.close());

  const invite = async (body: object): Promise<Invite> => {
    const response = await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, ...body });
    expect(response.statusCode).toBe(201);
    return response.json<Invite>();
  };
  const join = (who: SignedIn, code: string) => call(t.app, who, 'POST', `/api/invite/${code}/join`);

  it('admits only the invited address (in any case), with the role invited', async () => {
    const invited = await signUp(t.app);
    const other = await signUp(t.app);
    const created = await invite({ email: invited.email.toUpperCase(), role: 'viewer' });
    const wrong = await join(other, created.code);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'invite_wrong_account' });
    expect((await join(invited, created.code)).statusCode).toBe(200);
    expect((await call(t.app, invited, 'GET', `/api/company/${company}/`)).json()).toMatchObject({ role: 'viewer' });
  });

  it('admits anyone with an open code', async () => {
    const created = await invite({ email: 'anyone@example.com', is_open: true });
    expect(created.is_open).toBe(true);
    expect((await join(await signUp(t.app), created.code)).statusCode).toBe(200);
  });

  it('refuses an expired code and a used one, each with its own code', async () => {
    const late = await signUp(t.app);
    const created = await invite({ email: late.email, expires_in_days: 1 });
    // Its day is over (moving the clock would end the sessions too).
    await t.db
      .updateTable('invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const expired = await join(late, created.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'invite_expired' });
    const listed = (await call(t.app, owner, 'GET', `/api/invite/?company_id=${company}`)).json<{ results: Invite[] }>().results;
    expect(listed.find((i) => i.id === created.id)).toMatchObject({ expired: true });

    const once = await signUp(t.app);
    const fresh = await invite({ email: once.email });
    expect((await join(once, fresh.code)).statusCode).toBe(200);
    const used = await join(once, fresh.code);
    expect(used.statusCode).toBe(410);
    expect(used.json()).toMatchObject({ code: 'invite_used' });
  });

  it('lets admins invite up to their own role and hides codes from members', async () => {
    const admin = await signUp(t.app);
    await join(admin, (await invite({ email: admin.email, role: 'admin' })).code);
    const above = await call(t.app, admin, 'POST', '/api/invite/', { company_id: company, email: 'boss@example.com', role: 'owner' });
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({ code: 'role_above_own' });
    expect((await call(t.app, admin, 'POST', '/api/invite/', { company_id: company, email: 'helper@example.com', role: 'admin' })).statusCode).toBe(201);
    const member = await signUp(t.app);
    await join(member, (await invite({ email: member.email })).code);
    expect((await call(t.app, member, 'POST', '/api/invite/', { company_id: company, email: 'x@example.com' })).statusCode).toBe(403);
    expect((await call(t.app, member, 'GET', `/api/company/${company}/i_query`)).json()).toMatchObject({ invites: [] });
    expect((await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, email: 'x@example.com', expires_in_days: 0 })).statusCode).toBe(400);
  });
});
