/** Certificates expiring within this many days are highlighted (and notified, issue #8). */
export const EXPIRY_WARNING_DAYS = 30;

export function isExpiringSoon(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() - now.getTime() < EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000;
}
