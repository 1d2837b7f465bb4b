import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRunner } from '../../../server/src/context.js';
import { ALERT_QUIET_MS, AlertMailer } from '../../../server/src/mail/alert-mailer.js';
import { unsubscribeTokens } from '../../../server/src/mail/unsubscribe.js';
import { alertMailsRepository } from '../../../server/src/repositories/alert-mails.js';
import { notificationsRepository, type NewNotification } from '../../../server/src/repositories/notifications.js';
import type { NotificationPreferences } from '../../../server/src/schemas/notification-preferences.js';
import { createCompany } from '../helpers/fixtures.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';

const PREFS = '/api/user/notification-preferences/';
const HOUR_MS = 3_600_000;

const silent = (name: string, companyId: string): NewNotification => ({
  kind: 'device_silent',
  params: { name, minutes: 10, since: '2026-01-01T00:00:00.000Z' },
  companyId,
  dedupeKey: `silent:${companyId}:${name}`,
});

describe('alert mail preferences', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    company = await createCompany(t, owner, 'Acme Farms');
  });
  afterAll(() => t.close());

  it('answers the defaults (console only, mails at once) and stores changes per company and kind', async () => {
    const initial = (await call(t.app, owner, 'GET', `${PREFS}?company_id=${company}`)).json<NotificationPreferences>();
    expect(initial.email_mode).toBe('immediate');
    expect(initial.digest_hour).toBe(7);
    expect(new Set(Object.values(initial.channels))).toEqual(new Set(['in_app']));
    const changed = await call(t.app, owner, 'PUT', PREFS, { company_id: company, email_mode: 'digest', digest_hour: 18, channels: { battery_low: 'both' } });
    expect(changed.statusCode).toBe(200);
    const body = changed.json<NotificationPreferences>();
    expect(body).toMatchObject({ email_mode: 'digest', digest_hour: 18, channels: { battery_low: 'both', device_silent: 'in_app' } });
    const other = await createCompany(t, owner, 'Other');
    const elsewhere = (await call(t.app, owner, 'GET', `${PREFS}?company_id=${other}`)).json<NotificationPreferences>();
    expect(elsewhere.channels.battery_low).toBe('in_app');
    expect(elsewhere.email_mode).toBe('digest');
  });

  it('refuses bad input and companies the caller is not a member of', async () => {
    for (const body of [
      { company_id: company, channels: { battery_low: 'loud' } },
      { company_id: company, channels: { no_such_kind: 'email' } },
      { company_id: company, digest_hour: 24 },
      { company_id: company, email_mode: 'weekly' },
      { company_id: 'not-a-uuid' },
    ]) {
      expect((await call(t.app, owner, 'PUT', PREFS, body)).statusCode).toBe(400);
    }
    const outsider = await signUp(t.app);
    expect((await call(t.app, outsider, 'GET', `${PREFS}?company_id=${company}`)).statusCode).toBe(404);
    expect((await call(t.app, outsider, 'PUT', PREFS, { company_id: company, channels: { battery_low: 'email' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${PREFS}?company_id=${company}` })).statusCode).toBe(401);
  });
});

describe('alert mails', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com' }, undefined, { mail: true });
    owner = await signUp(t.app);
    await call(t.app, owner, 'PUT', '/api/user/', { language: 'de' });
    company = await createCompany(t, owner, 'Acme Farms');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("mails an alert at once in the recipient's language, not in the console when e-mail only is chosen, once per occurrence", async () => {
    await call(t.app, owner, 'PUT', PREFS, { company_id: company, channels: { device_silent: 'email' } });
    const notifications = notificationsRepository(t.db);
    await notifications.notify([owner.id], silent('Probe 1', company), t.clock.now().toISOString());
    await notifications.notify([owner.id], silent('Probe 1', company), t.clock.now().toISOString());
    t.clock.advance(ALERT_QUIET_MS);
    const [mail] = await smtp.waitFor(owner.email, /Alarm/);
    expect(mail?.subject).toBe('Alarm: Gerät meldet sich nicht: Probe 1');
    expect(mail?.text).toContain('Acme Farms: Gerät meldet sich nicht: Probe 1.');
    const headers = mail?.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/console\.example\.com\/api\/mail\/unsubscribe\?token=[^>]+>/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const inApp = await t.db.selectFrom('notifications').select('id').where('user_id', '=', owner.id).execute();
    expect(inApp).toHaveLength(0);
    const queued = await t.db.selectFrom('alert_mails').select('id').where('user_id', '=', owner.id).execute();
    expect(queued).toHaveLength(1);
  });

  it('groups a burst of 500 silent devices into one mail', async () => {
    const colleague = await signUp(t.app);
    const invite = await call(t.app, owner, 'POST', '/api/invite/', { company_id: company, email: colleague.email });
    expect((await call(t.app, colleague, 'POST', `/api/invite/${invite.json<{ code: string }>().code}/join`)).statusCode).toBe(200);
    await call(t.app, colleague, 'PUT', PREFS, { company_id: company, channels: { device_silent: 'both' } });
    const notifications = notificationsRepository(t.db);
    for (let i = 0; i < 500; i++) await notifications.notify([colleague.id], silent(`Burst ${i}`, company), t.clock.now().toISOString());
    // The burst is over once nothing came for a while.
    t.clock.advance(ALERT_QUIET_MS);
    const [mail] = await smtp.waitFor(colleague.email, /alerts|Alert/);
    expect(mail?.subject).toBe('500 alerts from the LoRa Console');
    expect(mail?.text).toContain('… and 450 more.');
    const inApp = await t.db.selectFrom('notifications').select('id').where('user_id', '=', colleague.id).execute();
    expect(inApp).toHaveLength(500);
    // What arrives later leaves in a mail of its own; the burst is not mailed again.
    await notifications.notify([colleague.id], silent('Late', company), t.clock.now().toISOString());
    t.clock.advance(ALERT_QUIET_MS);
    const mails = await smtp.waitFor(colleague.email, /alerts|Alert/, 2);
    expect(mails[1]?.subject).toBe('Alert: Device silent: Late');
    expect(smtp.to(colleague.email, /alerts|Alert/)).toHaveLength(2);
  });

  it('unsubscribes with the link, without signing in, and says so in the language of the user', async () => {
    const [mail] = await smtp.waitFor(owner.email, /Alarm/);
    const link = linkIn(mail!, '/api/mail/unsubscribe');
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Sie erhalten keine E-Mails mehr zu „Gerät meldet sich nicht“ von Acme Farms.');
    const prefs = (await call(t.app, owner, 'GET', `${PREFS}?company_id=${company}`)).json<NotificationPreferences>();
    expect(prefs.channels.device_silent).toBe('none');
    const before = await t.db.selectFrom('alert_mails').select('id').where('user_id', '=', owner.id).execute();
    await notificationsRepository(t.db).notify([owner.id], silent('Probe 2', company), t.clock.now().toISOString());
    expect(await t.db.selectFrom('alert_mails').select('id').where('user_id', '=', owner.id).execute()).toHaveLength(before.length);

    // RFC 8058: the mail client's one-click POST.
    await call(t.app, owner, 'PUT', PREFS, { company_id: company, channels: { device_silent: 'both' } });
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(204);
    expect((await call(t.app, owner, 'GET', `${PREFS}?company_id=${company}`)).json<NotificationPreferences>().channels.device_silent).toBe('in_app');
  });

  it('refuses a forged or broken unsubscribe token', async () => {
    const forged = unsubscribeTokens('another installation').sign({ userId: owner.id });
    for (const token of [forged, 'garbage', `${forged.split('.')[0]}.`, '']) {
      const page = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(400);
      expect(page.json()).toMatchObject({ code: 'validation', field_codes: { token: { code: 'invalid' } } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/unsubscribe' })).statusCode).toBe(400);
  });
});

describe('the daily digest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(() => t.close());

  const mailer = (transaction = transactionRunner(t.db, testDialect)) =>
    new AlertMailer({
      alerts: alertMailsRepository(t.db),
      transaction,
      now: t.clock.now,
      publicUrl: 'https://console.example.com',
      tokens: unsubscribeTokens('s'),
    });

  const digestUser = async () => {
    const user = await signUp(t.app);
    const company = await createCompany(t, user, 'Digest Farms');
    // The digest leaves at the next full hour: alerts raised now wait for it.
    const hour = (t.clock.now().getUTCHours() + 1) % 24;
    await call(t.app, user, 'PUT', PREFS, { company_id: company, email_mode: 'digest', digest_hour: hour, channels: { device_silent: 'email' } });
    const notifications = notificationsRepository(t.db);
    for (let i = 0; i < 500; i++) await notifications.notify([user.id], silent(`Field ${i}`, company), t.clock.now().toISOString());
    return user;
  };
  const mailsTo = (email: string) => t.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).where('template', '=', 'alerts').execute();

  it('sends nothing before the digest hour, then one digest of 500 alerts when two nodes run at once', async () => {
    const user = await digestUser();
    expect(await Promise.all([mailer().mailDue(), mailer().mailDue()])).toEqual([0, 0]);
    expect(await mailsTo(user.email)).toHaveLength(0);
    t.clock.advance(2 * HOUR_MS);
    const queued = await Promise.all([mailer().mailDue(), mailer().mailDue()]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const params = JSON.parse(mails[0]!.params) as { total: number; digest: boolean; scope: string };
    expect(params).toMatchObject({ total: 500, digest: true, scope: 'one' });
    expect(await Promise.all([mailer().mailDue(), mailer().mailDue()])).toEqual([0, 0]);
  });

  it('leaves the alerts waiting when a node dies before its claim commits, and the next run mails them', async () => {
    const user = await digestUser();
    t.clock.advance(2 * HOUR_MS);
    const real = transactionRunner(t.db, testDialect);
    // The claim and the queued mail are written, then the transaction never commits (the process is gone).
    const dying: typeof real = (work) =>
      real(async (repos) => {
        await work(repos);
        throw new Error('SIGKILL');
      });
    await expect(mailer(dying).mailDue()).rejects.toThrow('SIGKILL');
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await mailer().mailDue()).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
