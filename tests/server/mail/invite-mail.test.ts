import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invite } from '../../../server/src/schemas/invites.js';
import { createCompany } from '../helpers/fixtures.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, uniqueEmail, type SignedIn } from '../helpers/users.js';

const INVITE = /invites you|lädt Sie/;

describe('invites by mail', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com' }, undefined, { mail: true });
    owner = await signUp(t.app);
    await call(t.app, owner, 'PUT', '/api/user/', { first_name: 'Ada', last_name: 'Lovelace' });
    company = await createCompany(t, owner, 'Acme Farms');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = async (email: string) => (await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, email })).json<Invite>();

  it("mails the invitation, whose link's code joins the company", async () => {
    const email = uniqueEmail('invitee');
    const created = await invite(email);
    const [mail] = await smtp.waitFor(email, INVITE);
    expect(mail?.subject).toBe('Ada Lovelace invites you to Acme Farms on the LoRa Console');
    expect(mail?.text).toContain(created.code);
    expect(mail?.text).toContain('Your role there: member.');
    const link = linkIn(mail!, '/companies');
    expect(link.searchParams.get('invite')).toBe(created.code);

    const invitee = await signUp(t.app, email);
    const joined = await call(t.app, invitee, 'POST', `/api/invite/${link.searchParams.get('invite')}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ company_id: company });
    const members = await t.db.selectFrom('company_members').select('user_id').where('company_id', '=', company).execute();
    expect(members.map((member) => member.user_id)).toContain(invitee.id);
  });

  it("mails in the invitee's language when they have an account, and resends", async () => {
    const invitee = await signUp(t.app);
    await call(t.app, invitee, 'PUT', '/api/user/', { language: 'de' });
    const created = await invite(invitee.email);
    expect((await smtp.waitFor(invitee.email, INVITE))[0]?.subject).toBe('Ada Lovelace lädt Sie zu Acme Farms in der LoRa Console ein');
    expect((await call(t.app, owner, 'POST', `/api/invite/${created.id}/resend`)).statusCode).toBe(204);
    const mails = await smtp.waitFor(invitee.email, INVITE, 2);
    expect(mails[1]?.text).toContain(created.code);
  });

  it("resends only the caller's companies' pending invites, not revoked ones or bad ids", async () => {
    const created = await invite(uniqueEmail('revoked'));
    const outsider = await signUp(t.app);
    expect((await call(t.app, outsider, 'POST', `/api/invite/${created.id}/resend`)).statusCode).toBe(404);
    expect((await call(t.app, owner, 'POST', '/api/invite/not-a-uuid/resend')).statusCode).toBe(400);
    expect((await call(t.app, owner, 'DELETE', `/api/invite/${created.id}`)).statusCode).toBe(204);
    expect((await call(t.app, owner, 'POST', `/api/invite/${created.id}/resend`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/invite/${created.id}/resend` })).statusCode).toBe(401);
  });
});
