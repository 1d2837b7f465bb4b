import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyPeople } from '../../../server/src/schemas/companies.js';
import type { Invite } from '../../../server/src/schemas/invites.js';
import { createCompany, twoUsers } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

describe('/api/invite', () => {
  let t: TestApp;
  let owner: SignedIn;
  let guest: SignedIn;
  let companyId: string;
  beforeAll(async () => {
    ({ t, alice: owner, bob: guest } = await twoUsers());
    companyId = await createCompany(t, owner, 'Inviting');
  });
  afterAll(async () => t.close());

  const invite = async (email: string, options: { is_open?: boolean } = {}): Promise<Invite> => {
    const response = await call(t.app, owner, 'POST', '/api/invite/', { company_id: companyId, email, ...options });
    expect(response.statusCode).toBe(201);
    return response.json<Invite>();
  };

  it('creates a pending invite with a one-time code and lists it with its sent date', async () => {
    const created = await invite('New.Person@Example.com');
    expect(created).toMatchObject({
      company_id: companyId,
      email: 'new.person@example.com',
      code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/),
      role: 'member',
      is_open: false,
      expired: false,
    });
    expect(Date.parse(created.expires_at) - Date.parse(created.sent_at)).toBe(7 * 86_400_000);
    expect(Date.parse(created.sent_at)).not.toBeNaN();
    const list = (await call(t.app, owner, 'GET', `/api/invite/?company_id=${companyId}`)).json<Page<Invite>>();
    expect(list.results.map((i) => i.id)).toContain(created.id);
    const people = (await call(t.app, owner, 'GET', `/api/company/${companyId}/i_query`)).json<CompanyPeople>();
    expect(people.users).toEqual([expect.objectContaining({ id: owner.id, role: 'owner' })]);
    expect(people.invites.map((i) => i.code)).toContain(created.code);
  });

  it.each([
    [{ company_id: 'x', email: 'a@b.co' }, 'company_id'],
    [{ email: 'a@b.co' }, 'company_id'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', email: '' }, 'email'],
    [{ company_id: '00000000-0000-4000-8000-000000000000', email: 'not an email' }, 'email'],
  ])('rejects invite %j', async (body, field) => {
    const response = await call(t.app, owner, 'POST', '/api/invite/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: expect.any(String) } });
  });

  it('joins by code once; a wrong or used code is refused', async () => {
    const created = await invite(guest.email);
    expect((await call(t.app, guest, 'POST', '/api/invite/ZZZZ-ZZZZ-ZZZZ/join')).statusCode).toBe(404);
    const joined = await call(t.app, guest, 'POST', `/api/invite/${created.code.toLowerCase().replaceAll('-', '')}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ company_id: companyId });
    expect((await call(t.app, guest, 'GET', `/api/company/${companyId}/`)).json()).toMatchObject({ role: 'member' });
    const third = await signUp(t.app);
    const again = await call(t.app, third, 'POST', `/api/invite/${created.code}/join`);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'invite_used' });
    const pending = (await call(t.app, owner, 'GET', '/api/invite/')).json<Page<Invite>>();
    expect(pending.results.map((i) => i.id)).not.toContain(created.id);
  });

  it('joins by invite id only together with the matching code', async () => {
    const newcomer = await signUp(t.app);
    const created = await invite(newcomer.email);
    expect((await call(t.app, newcomer, 'POST', `/api/invite/${created.id}/join`)).statusCode).toBe(404);
    expect((await call(t.app, newcomer, 'POST', `/api/invite/${created.id}/join`, { code: 'AAAA-BBBB-CCCC' })).statusCode).toBe(404);
    expect((await call(t.app, newcomer, 'POST', `/api/invite/${created.id}/join`, { code: created.code })).statusCode).toBe(200);
  });

  it('refuses a member joining twice as a duplicate', async () => {
    const created = await invite('again@example.com', { is_open: true });
    const response = await call(t.app, guest, 'POST', `/api/invite/${created.code}/join`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'duplicate' });
  });

  it("hides and protects another company's invites", async () => {
    const created = await invite('secret@example.com');
    const outsider = await signUp(t.app);
    expect((await call(t.app, outsider, 'GET', '/api/invite/')).json()).toEqual({ count: 0, results: [] });
    expect((await call(t.app, outsider, 'GET', `/api/invite/?company_id=${companyId}`)).json()).toEqual({ count: 0, results: [] });
    expect((await call(t.app, outsider, 'DELETE', `/api/invite/${created.id}`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'DELETE', `/api/invite/${created.id}`)).statusCode).toBe(204);
    const withdrawn = await call(t.app, outsider, 'POST', `/api/invite/${created.code}/join`);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ code: 'invite_deleted' });
  });
});
