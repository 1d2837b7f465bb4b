import { loadSecretKey } from '../../../server/src/secrets/secret-key.js';
import { webhookSecrets, type WebhookSecrets } from '../../../server/src/secrets/webhook-secrets.js';
import type { TestApp } from './test-app.js';

/** Seals and opens webhook signing secrets with the test app's key, as its own dispatcher would. */
export async function appWebhookSecrets(t: Pick<TestApp, 'config'>): Promise<WebhookSecrets> {
  return webhookSecrets(await loadSecretKey(t.config.secrets));
}
