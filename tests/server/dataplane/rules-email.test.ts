import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rule, RuleCreateBody, RuleFiring } from '../../../server/src/schemas/rules.js';
import { createCompany, insertDevice } from '../helpers/fixtures.js';
import { linkIn, SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from '../helpers/users.js';

const DEV_EUI = '70B3D57ED0060E01';
const T0 = Date.parse('2026-11-23T10:00:00Z');
const RULE_MAIL = /Too warm/;

describe('the e-mail action of a rule, through the mail outbox and the real mail sender', () => {
  let t: TestApp;
  let owner: SignedIn;
  let colleague: SignedIn;
  let german: SignedIn;
  let outsider: SignedIn;
  let company: string;
  let device: string;
  const smtp = new SmtpReceiver();

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL: 'https://console.example.com' }, undefined, { mail: true });
    owner = await signUp(t.app);
    colleague = await signUp(t.app);
    german = await signUp(t.app);
    outsider = await signUp(t.app);
    await call(t.app, german, 'PUT', '/api/user/', { language: 'de' });
    company = await createCompany(t, owner, 'Cold Chain GmbH');
    await createCompany(t, outsider, 'Elsewhere');
    for (const member of [colleague, german]) {
      // Straight into the table: joining by invite is what invites.test.ts covers.
      await t.db
        .insertInto('company_members')
        .values({ company_id: company, user_id: member.id, role: 'member', joined_at: t.clock.now().toISOString() })
        .execute();
    }
    device = await insertDevice(t, { company_id: company, dev_eui: DEV_EUI, name: 'Cold room' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const uplink = async (seconds: number, temperature: number) => {
    const response = await call(t.app, owner, 'POST', '/api/ingest/chirpstack?event=up', {
      deduplicationId: randomUUID(),
      time: new Date(T0 + seconds * 1000).toISOString(),
      deviceInfo: { devEui: DEV_EUI.toLowerCase() },
      fPort: 1,
      object: { temperature },
    });
    expect(response.statusCode).toBe(200);
  };
  const body = (overrides: Partial<RuleCreateBody>): RuleCreateBody => ({
    company_id: company,
    name: 'Too warm',
    enabled: true,
    scope: 'device',
    scope_id: device,
    condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 8 }] },
    actions: [{ type: 'email', members: [german.id, colleague.id] }],
    ...overrides,
  });

  it('mails each named member once per transition, in their language, with a link to the rule; others get nothing', async () => {
    const created = await call(t.app, owner, 'POST', '/api/rule/', body({}));
    expect(created.statusCode).toBe(201);
    const rule = created.json<Rule>();
    expect(rule.actions).toEqual([{ type: 'email', members: [german.id, colleague.id] }]);

    await uplink(0, 9.5);
    await uplink(30, 10);
    const [fired] = await smtp.waitFor(colleague.email, RULE_MAIL);
    expect(fired?.subject).toBe('Too warm: Cold room');
    expect(fired?.text).toContain('The rule Too warm fired for Cold room.');
    expect(fired?.text).toContain('Values: temperature = 9.5');
    expect(fired?.text).toContain('Cold Chain GmbH');
    expect(linkIn(fired!, '/rules/').href).toBe(`https://console.example.com/rules/${rule.id}`);
    const [gefeuert] = await smtp.waitFor(german.email, RULE_MAIL);
    expect(gefeuert?.text).toContain('Die Regel Too warm hat für Cold room ausgelöst.');

    await uplink(60, 4);
    const resolved = await smtp.waitFor(colleague.email, RULE_MAIL, 2);
    expect(resolved[1]?.subject).toBe('Resolved – Too warm: Cold room');
    expect(resolved[1]?.text).toContain('Values: temperature = 4');
    expect((await smtp.waitFor(german.email, RULE_MAIL, 2))[1]?.subject).toBe('Behoben – Too warm: Cold room');

    // Exactly one fired and one resolved mail each: the second uplink above 8 changed no state.
    const firings = (await call(t.app, owner, 'GET', `/api/rule/${rule.id}/firings`)).json<Page<RuleFiring>>().results;
    expect(firings.map((f) => f.transition)).toEqual(['resolved', 'fired']);
    const queued = await t.db.selectFrom('mail_outbox').select(['recipient', 'template', 'status']).where('template', 'like', 'rule_%').execute();
    expect(
      queued
        .filter((row) => row.recipient === colleague.email)
        .map((row) => row.template)
        .sort(),
    ).toEqual(['rule_fired', 'rule_resolved']);
    expect(queued.filter((row) => row.recipient === german.email)).toHaveLength(2);
    expect(queued.some((row) => row.recipient === owner.email || row.recipient === outsider.email)).toBe(false);
    expect(smtp.to(owner.email, RULE_MAIL)).toEqual([]);
    await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });

  it('mails every member with "all", and only members who are still in the company', async () => {
    const all = (await call(t.app, owner, 'POST', '/api/rule/', body({ name: 'Too warm for all', actions: [{ type: 'email', members: 'all' }] }))).json<Rule>();
    const named = (
      await call(t.app, owner, 'POST', '/api/rule/', body({ name: 'Too warm for her', actions: [{ type: 'email', members: [german.id] }] }))
    ).json<Rule>();
    await t.db.deleteFrom('company_members').where('company_id', '=', company).where('user_id', '=', german.id).execute();
    await uplink(100, 12);
    for (const member of [owner, colleague]) expect(await smtp.waitFor(member.email, /Too warm for all/)).toHaveLength(1);
    // Queued in the transaction of the firing, so the firing being recorded means nothing more was queued.
    const firings = (await call(t.app, owner, 'GET', `/api/rule/${named.id}/firings`)).json<Page<RuleFiring>>().results;
    expect(firings.map((f) => f.transition)).toEqual(['fired']);
    const queued = await t.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('created_at', '=', new Date(T0 + 100_000).toISOString())
      .execute();
    expect(queued.map((row) => row.recipient).sort()).toEqual([owner.email, colleague.email].sort());
    expect(smtp.to(outsider.email, RULE_MAIL)).toEqual([]);
    for (const rule of [all, named]) await call(t.app, owner, 'DELETE', `/api/rule/${rule.id}`);
  });

  it('refuses recipients outside the company on the field, and a malformed action', async () => {
    const foreign = await call(
      t.app,
      owner,
      'POST',
      '/api/rule/',
      body({
        actions: [
          { type: 'notification', members: 'all' },
          { type: 'email', members: [outsider.id] },
        ],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field_codes).toEqual({ 'actions.1.members': { code: 'not_a_member' } });
    const empty = await call(t.app, owner, 'POST', '/api/rule/', { ...body({}), actions: [{ type: 'email', members: [] }] });
    expect(empty.statusCode).toBe(400);
    const address = await call(t.app, owner, 'POST', '/api/rule/', { ...body({}), actions: [{ type: 'email', members: ['someone@example.com'] }] });
    expect(address.statusCode).toBe(400);
    const created = await call(t.app, owner, 'POST', '/api/rule/', body({ name: 'Patched', actions: [{ type: 'email', members: [colleague.id] }] }));
    expect(created.statusCode).toBe(201);
    const rule = created.json<Rule>();
    const patched = await call(t.app, owner, 'PATCH', `/api/rule/${rule.id}`, { actions: [{ type: 'email', members: [outsider.id] }] });
    expect(patched.statusCode).toBe(400);
    expect((await call(t.app, outsider, 'PATCH', `/api/rule/${rule.id}`, { actions: [{ type: 'email', members: 'all' }] })).statusCode).toBe(404);
  });
});
