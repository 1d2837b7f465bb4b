import type { NotificationsRepository } from '../../repositories/notifications.js';
import type { DisconnectedGateway } from '../../repositories/gateway-presence.js';

/** One "gateway disconnected" notification per outage: the key is cleared when the gateway connects again. */
export const outageKey = (gatewayRef: string): string => `gateway-offline:${gatewayRef}`;

/**
 * Outages of one gateway within this window fold into one "gateway flapping" notification that
 * counts them, instead of one "disconnected" per drop.
 */
export const FLAPPING_WINDOW_MS = 15 * 60_000;

export async function notifyOutage(notifications: NotificationsRepository, gateway: DisconnectedGateway, at: Date): Promise<void> {
  await notifications.notifyGrouped(
    await notifications.companyMemberIds(gateway.company_id),
    {
      kind: 'gateway_disconnected',
      grouped: 'gateway_flapping',
      subject: `gateway:${gateway.id}`,
      params: { name: gateway.name || gateway.gateway_id },
      dedupeKey: outageKey(gateway.id),
      companyId: gateway.company_id,
    },
    at.toISOString(),
    FLAPPING_WINDOW_MS,
  );
}
