/** Certificates expiring within this many days are highlighted; the server's maintenance notifies the company too. */
export const EXPIRY_WARNING_DAYS = 30;

export function isExpiringSoon(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() - now.getTime() < EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000;
}
