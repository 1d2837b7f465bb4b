import type { GatewaysRepository } from '../../repositories/gateways.js';
import type { GatewayCertificatesRepository } from '../../repositories/gateway-certificates.js';
import type { NotificationsRepository } from '../../repositories/notifications.js';
import type { NetworkServerCertificatesRepository } from '../../repositories/network-server-certificates.js';
import type { GatewayRegistry } from './gateway-broker.js';

/**
 * The broker's view of gateways, on the database: which certificates it admits (the network server's too), connected state and last seen (the setup
 * wizard's verify step reads them), and one "gateway disconnected" notification per outage.
 */
export function databaseGatewayRegistry(
  gateways: GatewaysRepository,
  certificates: GatewayCertificatesRepository,
  notifications: NotificationsRepository,
  now: () => Date,
  networkServerCertificates: Pick<NetworkServerCertificatesRepository, 'admitted'>,
): GatewayRegistry {
  const outageKey = (id: string) => `gateway-offline:${id}`;

  async function disconnected(gatewayId: string): Promise<void> {
    const gateway = await gateways.findByGatewayId(gatewayId);
    if (!gateway) return;
    await gateways.markSeen(gatewayId, false, now().toISOString());
    const name = gateway.name || gateway.gateway_id;
    await notifications.notify(
      await notifications.companyMemberIds(gateway.company_id),
      { kind: 'gateway_disconnected', params: { name }, dedupeKey: outageKey(gateway.id), companyId: gateway.company_id },
      now().toISOString(),
    );
  }

  return {
    admitted: (presented) => certificates.admitted(presented),
    networkServerAdmitted: (serial) => networkServerCertificates.admitted(serial),
    async connected(gatewayId) {
      await gateways.markSeen(gatewayId, true, now().toISOString());
      const gateway = await gateways.findByGatewayId(gatewayId);
      if (gateway) await notifications.clearDedupe(outageKey(gateway.id));
    },
    disconnected,
    async message(gatewayId, kind, _topic, payload) {
      // The forwarder's will message on state/conn says OFFLINE (JSON mode) when it drops away.
      if (kind === 'conn' && /"state"\s*:\s*"OFFLINE"/i.test(payload.toString('utf8'))) return disconnected(gatewayId);
      await gateways.markSeen(gatewayId, true, now().toISOString());
    },
  };
}
