import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { rotateSecretsCommand } from '../../../server/src/cli/secrets-rotate-command.js';
import { loadConfig } from '../../../server/src/config.js';
import { WebhookDispatcher } from '../../../server/src/dataplane/webhooks/dispatcher.js';
import { webhooksRepository } from '../../../server/src/repositories/webhooks.js';
import type { WebhookWithSecret } from '../../../server/src/schemas/webhooks.js';
import { isSealed } from '../../../server/src/secrets/sealed-box.js';
import { parseSecretKey } from '../../../server/src/secrets/secret-key.js';
import { sealPlaintextWebhookSecrets, webhookSecrets } from '../../../server/src/secrets/webhook-secrets.js';
import { twoCompanies } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';
import { queueDeliveries } from '../helpers/webhook-queue.js';
import { appWebhookSecrets } from '../helpers/webhook-secrets.js';
import { installation, type Installation } from './secrets-harness.js';
import { startRecorder, verifies, type Recorder } from './webhook-receivers.js';

const KEY = Buffer.alloc(32, 11).toString('base64');
const NEXT_KEY = Buffer.alloc(32, 12).toString('base64');

const createHook = async (app: FastifyInstance, user: SignedIn, companyId: string, url: string) => {
  const response = await call(app, user, 'POST', '/api/webhook/', { company_id: companyId, url });
  expect(response.statusCode).toBe(201);
  return response.json<WebhookWithSecret>();
};

// Issue #16: webhook signing secrets were stored in plain text, so anyone reading the database
// could sign deliveries the receivers trust. They are sealed like the other secrets at rest.
describe('webhook signing secrets at rest', () => {
  let t: TestApp;
  let alice: SignedIn;
  let company: string;
  let receiver: Recorder;
  beforeAll(async () => {
    ({ t, alice, company } = await twoCompanies({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    receiver = await startRecorder(() => ({ status: 200 }));
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  const storedSecret = async (id: string) => (await t.db.selectFrom('webhooks').select('secret').where('id', '=', id).executeTakeFirstOrThrow()).secret;

  it('never holds the secret in the column, created or rotated; deliveries are still signed with it', async () => {
    const hook = await createHook(t.app, alice, company, `${receiver.base}/hook`);
    const stored = await storedSecret(hook.id);
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(hook.secret.slice('whsec_'.length, 20));

    const rotated = (await call(t.app, alice, 'POST', `/api/webhook/${hook.id}/rotate-secret`)).json<WebhookWithSecret>();
    const storedAfter = await storedSecret(hook.id);
    expect(isSealed(storedAfter)).toBe(true);
    expect(storedAfter).not.toContain(rotated.secret.slice('whsec_'.length, 20));

    await queueDeliveries(t.db, hook.id, 1, t.clock.now().toISOString());
    const dispatcher = new WebhookDispatcher(webhooksRepository(t.db, testDialect), t.clock.now, {
      secrets: await appWebhookSecrets(t),
      allowPrivate: true,
    });
    expect(await dispatcher.dispatchDue()).toBe(1);
    const [request] = receiver.received;
    expect(verifies(rotated.secret, request!)).toBe(true);
    expect(verifies(hook.secret, request!)).toBe(false);
  });

  it("does not open under another webhook's id (a sealed secret copied to another row is refused)", async () => {
    const one = await createHook(t.app, alice, company, 'https://hooks.example.com/one');
    const two = await createHook(t.app, alice, company, 'https://hooks.example.com/two');
    const secrets = await appWebhookSecrets(t);
    expect(secrets.open(one.id, await storedSecret(one.id))).toBe(one.secret);
    const copied = await storedSecret(one.id);
    expect(() => secrets.open(two.id, copied)).toThrow(/does not open/);
  });
});

describe('webhook signing secrets of an earlier version', () => {
  let site: Installation | undefined;
  afterEach(async () => {
    await site?.drop();
    site = undefined;
  });

  it('are sealed by nodes starting (one seal stands when several race) and sealed again by secrets:rotate', async () => {
    site = await installation('webhook-secrets');
    const first = await site.start({ SECRET_KEY: KEY });
    const owner = await signUp(first);
    const companyId = (await call(first, owner, 'POST', '/api/company/', { name: 'Hooks' })).json<{ id: string }>().id;
    const hook = await createHook(first, owner, companyId, 'https://hooks.example.com/old');
    await site.stop(first);

    // As a version before sealing left it.
    const handle = await site.open();
    const column = async () => (await handle.db.selectFrom('webhooks').select('secret').where('id', '=', hook.id).executeTakeFirstOrThrow()).secret;
    const asBeforeSealing = () => handle.db.updateTable('webhooks').set({ secret: hook.secret }).where('id', '=', hook.id).execute();
    const key = parseSecretKey(KEY, 'test');
    const current = webhookSecrets(key);
    try {
      // Nodes sealing at once: one seal stands, the others find the row changed and leave it.
      await asBeforeSealing();
      const counts = await Promise.all([1, 2, 3].map(() => sealPlaintextWebhookSecrets(handle.db, key)));
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(current.open(hook.id, await column())).toBe(hook.secret);

      // A node starting seals them.
      await asBeforeSealing();
      await site.stop(await site.start({ SECRET_KEY: KEY }));
      const sealed = await column();
      expect(isSealed(sealed)).toBe(true);
      expect(current.open(hook.id, sealed)).toBe(hook.secret);

      const result = await rotateSecretsCommand(handle.db, loadConfig({ DATA_DIR: site.dataDir, SECRET_KEY: KEY }).secrets, [await nextKeyFile(site)]);
      expect(result.ok).toBe(true);
      expect(result.output).toContain('1 webhook signing secret');
      const resealed = await column();
      expect(resealed).not.toBe(sealed);
      expect(() => current.open(hook.id, resealed)).toThrow(/does not open/);
      expect(webhookSecrets(parseSecretKey(NEXT_KEY, 'test')).open(hook.id, resealed)).toBe(hook.secret);
      // The old key no longer starts a node; the new one does.
      await expect(site.start({ SECRET_KEY: KEY })).rejects.toThrow(/does not open the secrets/);
      await site.stop(await site.start({ SECRET_KEY: NEXT_KEY }));
    } finally {
      await handle.close();
    }
  });
});

async function nextKeyFile(site: Installation): Promise<string> {
  const file = path.join(site.dataDir, 'next.key');
  await writeFile(file, NEXT_KEY);
  return file;
}
