import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/mqtt-broker.js';
import { builtServer, ServerProcess } from '../helpers/server-process.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { SmtpReceiver } from '../helpers/smtp-receiver.js';
import { PASSWORD, uniqueEmail } from '../helpers/users.js';

const RESET = /password/i;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Issue #21: a node killed with SIGKILL in the middle of sending a mail loses nothing: once its
// claim runs out, the restarted node sends the message (once: the first attempt never completed).
describe('a mail whose node is killed with SIGKILL mid-send', () => {
  let database: SharedDatabase;
  let smtp: SmtpReceiver;
  let env: Record<string, string>;
  let main: string;
  const nodes: ServerProcess[] = [];

  const startNode = async (): Promise<{ node: ServerProcess; origin: string }> => {
    const port = await freePort();
    const node = new ServerProcess(main, { ...env, PORT: String(port), HOST: '127.0.0.1' });
    nodes.push(node);
    node.start();
    expect(await node.logged('LoRa console on'), node.tail()).toBe(true);
    return { node, origin: `http://127.0.0.1:${port}` };
  };

  beforeAll(async () => {
    main = await builtServer();
    database = await sharedDatabase('mail-kill');
    smtp = new SmtpReceiver();
    const smtpUrl = await smtp.start();
    env = { ...database.env, SMTP_URL: smtpUrl, MAIL_CLAIM_SECONDS: '2', MQTT_PORT: '0', LOG_LEVEL: 'info' };
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop('SIGKILL');
    await smtp?.close();
    await database?.drop();
  }, 60_000);

  it('is sent after the restart', { timeout: 120_000 }, async () => {
    const first = await startNode();
    const email = uniqueEmail('killed');
    const post = (origin: string, path: string, formFields: object[]) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', rid: 'emailpassword' },
        body: JSON.stringify({ formFields }),
      });
    const signUp = await post(first.origin, '/api/auth/signup', [
      { id: 'email', value: email },
      { id: 'password', value: PASSWORD },
    ]);
    expect(signUp.status).toBe(200);
    // The sign-up's verification mail is through before the SMTP server starts holding messages.
    await smtp.waitFor(email, /confirm/i);

    smtp.holding = true;
    expect((await post(first.origin, '/api/auth/user/password/reset/token', [{ id: 'email', value: email }])).status).toBe(200);
    expect(await until(() => smtp.held === 1, 30_000)).toBe(true);
    await first.node.stop('SIGKILL');
    const queued = await database.handle.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('recipient', '=', email)
      .where('template', '=', 'password_reset')
      .execute();
    expect(queued).toEqual([{ status: 'pending', attempts: 1 }]);

    smtp.holding = false;
    await startNode();
    const [mail] = await smtp.waitFor(email, RESET);
    expect(mail?.subject).toBe('Reset your LoRa Console password');
    expect(
      await until(async () => {
        const rows = await database.handle.db
          .selectFrom('mail_outbox')
          .select('status')
          .where('recipient', '=', email)
          .where('template', '=', 'password_reset')
          .execute();
        return rows.length === 1 && rows[0]?.status === 'sent';
      }),
    ).toBe(true);
    expect(smtp.to(email, RESET)).toHaveLength(1);
  });
});
