import type { NotificationsRepository } from '../../repositories/notifications.js';
import type { DisconnectedGateway } from '../../repositories/gateway-presence.js';

/** One "gateway disconnected" notification per outage: the key is cleared when the gateway connects again. */
export const outageKey = (gatewayRef: string): string => `gateway-offline:${gatewayRef}`;

export async function notifyOutage(notifications: NotificationsRepository, gateway: DisconnectedGateway, at: Date): Promise<void> {
  await notifications.notify(
    await notifications.companyMemberIds(gateway.company_id),
    { kind: 'gateway_disconnected', params: { name: gateway.name || gateway.gateway_id }, dedupeKey: outageKey(gateway.id), companyId: gateway.company_id },
    at.toISOString(),
  );
}
