import type { GatewaysRepository } from '../../repositories/gateways.js';
import type { GatewayCertificatesRepository } from '../../repositories/gateway-certificates.js';
import type { NetworkServerCertificatesRepository } from '../../repositories/network-server-certificates.js';
import type { GatewayRegistry } from './gateway-broker.js';
import type { NodePresence } from './presence.js';

/**
 * The broker's view of gateways, on the database: which certificates it admits (the network
 * server's too), connected state and last seen (the setup wizard's verify step reads them).
 * Connected state is kept per node (presence.ts), with one "gateway disconnected" notification
 * per outage across nodes.
 */
export function databaseGatewayRegistry(
  gateways: GatewaysRepository,
  certificates: GatewayCertificatesRepository,
  presence: NodePresence,
  now: () => Date,
  networkServerCertificates: Pick<NetworkServerCertificatesRepository, 'admitted'>,
): GatewayRegistry {
  return {
    admitted: (presented) => certificates.admitted(presented),
    networkServerAdmitted: (serial) => networkServerCertificates.admitted(serial),
    connected: (gatewayId) => presence.connected(gatewayId),
    disconnected: (gatewayId) => presence.disconnected(gatewayId),
    async message(gatewayId, kind, _topic, payload) {
      // The forwarder's will message (state/conn OFFLINE) comes as its connection ends, which the
      // broker reports as well: connection events alone decide the state, so a will published
      // on a session takeover or by a node the gateway has left changes nothing.
      if (kind === 'conn' && /"state"\s*:\s*"OFFLINE"/i.test(payload.toString('utf8'))) return;
      await gateways.touch(gatewayId, now().toISOString());
    },
  };
}
