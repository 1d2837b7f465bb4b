import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyWithSecret } from '../../../server/src/schemas/api-keys.js';
import type { CompanyMember } from '../../../server/src/schemas/companies.js';
import { createCompany, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, callWithKey, signUp, type Page, type SignedIn } from '../helpers/users.js';

/** Members of a company (issue #15): roles, removal, leaving, handing over, and scoped keys. */
describe('/api/company/{id}/members', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany({}, 'Team'));
  });
  afterAll(async () => t.close());

  /** A new account that joined the company with the given role through an invite for its address. */
  async function joined(role: 'admin' | 'member' | 'viewer'): Promise<SignedIn> {
    const person = await signUp(t.app);
    const invite = await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, email: person.email.toUpperCase(), role });
    expect(invite.statusCode).toBe(201);
    expect((await call(t.app, person, 'POST', `/api/invite/${invite.json<{ code: string }>().code}/join`)).statusCode).toBe(200);
    return person;
  }
  const members = async (as: SignedIn) => (await call(t.app, as, 'GET', `/api/company/${company}/members`)).json<{ results: CompanyMember[] }>().results;
  const setRole = (as: SignedIn, who: SignedIn, role: string) => call(t.app, as, 'PATCH', `/api/company/${company}/members/${who.id}`, { role });
  const key = async (as: SignedIn, scope: object) => (await call(t.app, as, 'POST', '/api/api-keys/', { name: 'k', ...scope })).json<ApiKeyWithSecret>().key;

  it('lists members with their role and last activity', async () => {
    const viewer = await joined('viewer');
    expect(await members(viewer)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.id, role: 'owner', last_active_at: expect.any(String) }),
        expect.objectContaining({ id: viewer.id, role: 'viewer', last_active_at: expect.any(String) }),
      ]),
    );
    expect((await call(t.app, owner, 'GET', `/api/company/${company}/members`)).headers['content-type']).toMatch(/json/);
  });

  it('lets admins change roles up to their own, never the last owner', async () => {
    const admin = await joined('admin');
    const member = await joined('member');
    const refused = await setRole(admin, member, 'owner');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'role_above_own' });
    expect((await setRole(admin, owner, 'member')).json()).toMatchObject({ code: 'role_above_own' });
    expect((await setRole(admin, member, 'viewer')).statusCode).toBe(204);
    expect((await setRole(member, admin, 'viewer')).statusCode).toBe(403);
    const last = await setRole(owner, owner, 'admin');
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'last_owner' });
    expect((await setRole(owner, member, 'bogus')).statusCode).toBe(400);
    expect((await call(t.app, owner, 'PATCH', `/api/company/${company}/members/00000000-0000-4000-8000-000000000000`, { role: 'viewer' })).statusCode).toBe(
      404,
    );
  });

  it('keeps the last owner from leaving; a second owner lets the first go', async () => {
    const solo = await signUp(t.app);
    const own = await createCompany(t, solo, 'Solo');
    const leave = await call(t.app, solo, 'POST', `/api/company/${own}/leave`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({ code: 'last_owner' });
    const removeSelf = await call(t.app, solo, 'DELETE', `/api/company/${own}/members/${solo.id}`);
    expect(removeSelf.json()).toMatchObject({ code: 'last_owner' });
    const heir = await signUp(t.app);
    const code = (await call(t.app, solo, 'POST', '/api/invite/', { company_id: own, email: heir.email, role: 'member' })).json<{ code: string }>().code;
    await call(t.app, heir, 'POST', `/api/invite/${code}/join`);
    expect((await call(t.app, solo, 'POST', `/api/company/${own}/transfer`, { user_id: heir.id })).statusCode).toBe(204);
    expect((await call(t.app, heir, 'GET', `/api/company/${own}/`)).json()).toMatchObject({ role: 'owner' });
    expect((await call(t.app, solo, 'GET', `/api/company/${own}/`)).json()).toMatchObject({ role: 'admin' });
    expect((await call(t.app, solo, 'POST', `/api/company/${own}/leave`)).statusCode).toBe(204);
    expect((await call(t.app, solo, 'GET', `/api/company/${own}/`)).statusCode).toBe(404);
  });

  it("cuts a removed member's open session and keys off the company at once", async () => {
    const member = await joined('member');
    const allKey = await key(member, {});
    const companyKey = await key(member, { company_id: company });
    const reads = () => [
      call(t.app, member, 'GET', `/api/company/${company}/`),
      callWithKey(t.app, allKey, 'GET', `/api/device/?company_id=${company}&page_size=1`),
      callWithKey(t.app, companyKey, 'GET', `/api/company/${company}/`),
    ];
    expect((await Promise.all(reads())).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await call(t.app, owner, 'DELETE', `/api/company/${company}/members/${member.id}`)).statusCode).toBe(204);
    const after = await Promise.all(reads());
    expect(after[0]?.statusCode).toBe(404);
    expect(after[1]?.json()).toEqual({ count: 0, count_exact: true, results: [] });
    // The key made for this company alone is gone with the membership.
    expect(after[2]?.statusCode).toBe(401);
    expect((await call(t.app, member, 'POST', '/api/device/', { company_id: company, dev_eui: 'ABCD000000000001', app_key: 'A'.repeat(32) })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, member, 'GET', '/api/company/')).json<Page<{ id: string }>>().results.map((c) => c.id)).not.toContain(company);
  });

  it('checks a key against its owner role at each request, within its scope', async () => {
    const member = await joined('member');
    const readOnly = await key(member, { read_only: true });
    const allKey = await key(member, {});
    const device = (k: string, n: number) =>
      callWithKey(t.app, k, 'POST', '/api/device/', { company_id: company, dev_eui: `ABCD00000000010${n}`, app_key: 'A'.repeat(32) });
    expect((await device(readOnly, 1)).statusCode).toBe(403);
    expect((await device(allKey, 2)).statusCode).toBe(201);
    expect((await setRole(owner, member, 'viewer')).statusCode).toBe(204);
    expect((await device(allKey, 3)).statusCode).toBe(403);
    const keys = (await call(t.app, member, 'GET', '/api/api-keys/')).json<Page<ApiKey>>().results;
    expect(keys.map((k) => [k.company_id, k.read_only]).sort()).toEqual([
      [null, false],
      [null, true],
    ]);
    const elsewhere = await createCompany(t, await signUp(t.app), 'Not mine');
    expect((await call(t.app, member, 'POST', '/api/api-keys/', { name: 'x', company_id: elsewhere })).statusCode).toBe(404);
  });

  it('lets viewers write only their own private dashboards', async () => {
    const viewer = await joined('viewer');
    const shared = await call(t.app, viewer, 'POST', '/api/dashboard/', { company_id: company, name: 'Shared', is_shared: true });
    expect(shared.statusCode).toBe(403);
    expect(shared.json()).toMatchObject({ code: 'forbidden', message: 'You are not authorized to access this resource.' });
    const own = await call(t.app, viewer, 'POST', '/api/dashboard/', { company_id: company, name: 'Mine' });
    expect(own.statusCode).toBe(201);
    const board = own.json<{ id: string }>().id;
    const widget = { dashboard: board, type: 'TABLE', data_source_mode: 'device', width: 2, height: 2, positionX: 0, positionY: 0 };
    expect((await call(t.app, viewer, 'POST', '/api/widget/', widget)).statusCode).toBe(201);
    expect((await call(t.app, viewer, 'PATCH', `/api/dashboard/${board}/`, { is_shared: true })).statusCode).toBe(403);
    expect((await call(t.app, viewer, 'PATCH', `/api/dashboard/${board}/`, { name: 'Renamed' })).statusCode).toBe(200);
    const owners = await call(t.app, owner, 'POST', '/api/dashboard/', { company_id: company, name: 'Team board', is_shared: true });
    const teamBoard = owners.json<{ id: string }>().id;
    expect((await call(t.app, viewer, 'POST', '/api/widget/', { ...widget, dashboard: teamBoard })).statusCode).toBe(403);
    expect((await call(t.app, viewer, 'DELETE', `/api/dashboard/${board}/`)).statusCode).toBe(204);
  });
});
