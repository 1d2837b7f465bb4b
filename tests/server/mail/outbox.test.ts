import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMailCatalogues } from '../../../server/src/mail/catalogue.js';
import { MAIL_MAX_ATTEMPTS, MailSender, mailRetryDelayMs } from '../../../server/src/mail/sender.js';
import type { Envelope, MailTransport } from '../../../server/src/mail/transport.js';
import { mailOutboxRepository } from '../../../server/src/repositories/mail-outbox.js';
import { until } from '../helpers/mqtt-broker.js';
import { parseMail } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { signUp } from '../helpers/users.js';

const catalogues = loadMailCatalogues(path.resolve(import.meta.dirname, '../../../locales'));

/** A transport that records what it is given, and fails while `failing` is set. */
class RecordingTransport implements MailTransport {
  readonly kind = 'smtp';
  readonly sent: Envelope[] = [];
  failing = false;
  async send(envelope: Envelope): Promise<void> {
    if (this.failing) throw new Error('421 try again later');
    this.sent.push(envelope);
  }
  close(): void {}
}

const mail = (recipient: string) => ({
  recipient,
  language: 'en',
  content: { template: 'password_reset' as const, params: { email: recipient, link: 'https://x/l' } },
});

describe('mail outbox and sender', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const sender = (app: TestApp, transport: MailTransport, node: string) =>
    new MailSender({
      outbox: mailOutboxRepository(app.db),
      transport,
      catalogues,
      publicUrl: 'https://console.example.com',
      now: app.clock.now,
      node,
      claimMs: 60_000,
    });

  it('sends each message once when several nodes send at the same time', async () => {
    t = await createTestApp();
    const outbox = mailOutboxRepository(t.db);
    for (let i = 0; i < 45; i++) await outbox.enqueue(mail(`m${i}@example.com`), t.clock.now().toISOString());
    const transports = [new RecordingTransport(), new RecordingTransport(), new RecordingTransport()];
    await Promise.all(transports.map((transport, i) => sender(t!, transport, `node-${i}`).sendDue()));
    const ids = transports.flatMap((transport) => transport.sent.map((envelope) => envelope.id));
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    expect(await outbox.pendingCount()).toBe(0);
  });

  it('retries a failed send with backoff, and gives up after the last attempt', async () => {
    t = await createTestApp();
    const app = t;
    const outbox = mailOutboxRepository(app.db);
    const id = await outbox.enqueue(mail('retry@example.com'), app.clock.now().toISOString());
    const transport = new RecordingTransport();
    const node = sender(app, transport, 'node');
    transport.failing = true;
    expect(await node.sendDue()).toBe(1);
    const row = async () => app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later' });
    // Not due before its delay.
    expect(await node.sendDue()).toBe(0);
    app.clock.advance(mailRetryDelayMs(1));
    transport.failing = false;
    expect(await node.sendDue()).toBe(1);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(transport.sent.map((envelope) => envelope.to)).toEqual(['retry@example.com']);

    const doomed = await outbox.enqueue(mail('doomed@example.com'), app.clock.now().toISOString());
    transport.failing = true;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await node.sendDue()).toBe(1);
      app.clock.advance(mailRetryDelayMs(attempt));
    }
    expect(await app.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', doomed).executeTakeFirstOrThrow()).toEqual({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect(await node.sendDue()).toBe(0);
  });

  it('without SMTP_URL writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
    try {
      t = await createTestApp({ DATA_DIR: dataDir }, undefined, { mail: true });
      const user = await signUp(t.app);
      await t.app.inject({ method: 'POST', url: '/api/auth/user/password/reset/token', payload: { formFields: [{ id: 'email', value: user.email }] } });
      const dir = path.join(dataDir, 'mail');
      const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : []);
      // The sign-up's verification mail, then the reset mail.
      expect(await until(() => files().length === 2)).toBe(true);
      const raws = files().map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
      expect(raws.map((raw) => parseMail(raw).subject).sort()).toEqual(['Confirm your e-mail address', 'Reset your LoRa Console password']);
      const raw = raws.find((candidate) => parseMail(candidate).subject.startsWith('Reset')) ?? '';
      const parsed = parseMail(raw);
      expect(raw).toContain(`To: ${user.email}`);
      expect(parsed.text).toMatch(/\/auth\/reset-password\?token=\S+/);
    } finally {
      await t?.close();
      t = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
