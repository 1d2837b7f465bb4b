import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signed deliveries in the Standard Webhooks form (standardwebhooks.com): `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, keyed with the bytes of a `whsec_<base64>` secret. Receivers verify with
 * any Standard Webhooks library, or in a few lines of their own.
 */

const SECRET_PREFIX = 'whsec_';
/** 32 random bytes: inside the 24 to 64 the specification asks for. */
const SECRET_BYTES = 32;

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** The headers that sign `body` as message `id` sent at `at`. The id stays the same on every retry, so receivers can drop repeats. */
export function signatureHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
