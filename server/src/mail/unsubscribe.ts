import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_KINDS, type AlertKind } from '../schemas/notification-preferences.js';
import type { UnsubscribeScope } from '../repositories/notification-preferences.js';

/** Signs and reads the tokens of unsubscribe links: the scope itself, signed, so no sign-in and no stored token is needed. */
export interface UnsubscribeTokens {
  sign(scope: UnsubscribeScope): string;
  /** The scope of a token this installation signed, else undefined. */
  read(token: string): UnsubscribeScope | undefined;
}

/** `secret` is the installation's signing secret; the key is derived for this one purpose. */
export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('mail-unsubscribe').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(scope) {
      const payload = Buffer.from(JSON.stringify([scope.userId, scope.companyId ?? '', scope.kind ?? ''])).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    read(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string')) return undefined;
      const [userId, companyId, kind] = parsed as [string, string, string];
      if (kind !== '' && !(ALERT_KINDS as readonly string[]).includes(kind)) return undefined;
      return { userId, companyId: companyId || undefined, kind: (kind || undefined) as AlertKind | undefined };
    },
  };
}

/** The address of the unsubscribe page (and of RFC 8058's one-click POST). */
export const unsubscribeLink = (publicUrl: string, token: string): string => `${publicUrl}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
