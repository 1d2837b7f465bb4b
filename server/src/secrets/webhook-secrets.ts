import type { Db } from '../db/database.js';
import { readWebhookSecrets, replaceWebhookSecrets, type WebhookSecretChange } from '../repositories/webhooks.js';
import { isSealed, open, seal } from './sealed-box.js';
import type { SecretKey } from './secret-key.js';

/**
 * Webhook signing secrets (`whsec_…`) are stored sealed like the secret settings: whoever reads
 * the database cannot sign deliveries a receiver would trust. The webhook's id is the name the
 * value is sealed under, so a sealed secret copied to another webhook does not open.
 */
export interface WebhookSecrets {
  seal(webhookId: string, secret: string): string;
  open(webhookId: string, stored: string): string;
}

const nameOf = (webhookId: string) => `webhook_secret:${webhookId}`;

export function webhookSecrets(key: SecretKey): WebhookSecrets {
  return {
    seal: (webhookId, secret) => seal(key, nameOf(webhookId), secret),
    open: (webhookId, stored) => open(key, nameOf(webhookId), stored),
  };
}

/**
 * Seals the secrets a version before sealing stored in plaintext; every start runs it. Nodes
 * starting at once do not clash: a row is rewritten only if it still holds the plaintext read,
 * so the first node's seal stands and the others leave it.
 */
export async function sealPlaintextWebhookSecrets(db: Db, key: SecretKey): Promise<number> {
  const box = webhookSecrets(key);
  const changes = (await readWebhookSecrets(db))
    .filter((row) => !isSealed(row.secret))
    .map((row) => ({ id: row.id, from: row.secret, to: box.seal(row.id, row.secret) }));
  return changes.length === 0 ? 0 : replaceWebhookSecrets(db, changes);
}

/** Every stored webhook secret opened with `current` and sealed with `next`; run it inside the rotation's transaction. */
export async function resealWebhookSecrets(db: Db, current: SecretKey, next: SecretKey): Promise<number> {
  const from = webhookSecrets(current);
  const to = webhookSecrets(next);
  const changes: WebhookSecretChange[] = (await readWebhookSecrets(db)).map((row) => ({
    id: row.id,
    from: row.secret,
    to: to.seal(row.id, from.open(row.id, row.secret)),
  }));
  if ((await replaceWebhookSecrets(db, changes)) !== changes.length) {
    throw new Error('the webhook secrets changed while they were sealed again (is a node running?); nothing was changed');
  }
  return changes.length;
}

/** Opens every stored webhook secret, so a wrong key stops the start instead of failing each delivery later. */
export async function checkWebhookSecrets(db: Db, key: SecretKey): Promise<void> {
  const box = webhookSecrets(key);
  for (const row of await readWebhookSecrets(db)) box.open(row.id, row.secret);
}
