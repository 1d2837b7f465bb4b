import type { AppContext } from '../../context.js';
import { issueServerCertificate } from '../pki/issue.js';
import { startGatewayBroker, type RunningBroker } from './gateway-broker.js';
import { databaseGatewayRegistry } from './registry.js';
import { NodePresence } from './presence.js';
import { processNodeName } from '../node-name.js';

/** Host names the broker's certificate is valid for: local ones and the public address's host. */
function brokerHostnames(publicUrl: string): string[] {
  const names = new Set(['localhost', '127.0.0.1']);
  try {
    names.add(new URL(publicUrl).hostname);
  } catch {
    // A malformed MQTT_PUBLIC_URL only costs the extra name.
  }
  return [...names];
}

/**
 * Starts the embedded broker on MQTT_PORT with a server certificate from the platform CA, and the
 * heartbeat of the gateway connections it holds (stopped when it closes).
 */
export async function startEmbeddedBroker(ctx: AppContext, log: { error: (error: unknown) => void; warn: (message: string) => void }): Promise<RunningBroker> {
  const ca = await ctx.gatewayCertificates.ca();
  const server = await issueServerCertificate(ca, brokerHostnames(ctx.config.mqtt.publicUrl), { validityDays: 825 });
  const presence = new NodePresence({
    repository: ctx.repos.gatewayPresence,
    notifications: ctx.repos.notifications,
    live: ctx.live,
    node: processNodeName(),
    now: ctx.now,
    timing: ctx.config.mqtt.presence,
  });
  const broker = await startGatewayBroker({
    port: ctx.config.mqtt.port,
    tls: { caPem: ca.certPem, certPem: server.certPem, keyPem: server.keyPem },
    registry: databaseGatewayRegistry(ctx.repos.gateways, ctx.repos.gatewayCertificates, presence, ctx.now, ctx.repos.networkServerCertificates),
    networkServer: ctx.config.mqtt.networkServer,
    revocations: ctx.certificateRevocations,
    onError: log.error,
    onWarning: log.warn,
  });
  presence.start(log.error);
  return {
    port: broker.port,
    async close() {
      presence.stop();
      await broker.close();
      // The database closes after this: writes of connections that ended just before are done first.
      await presence.settled();
    },
  };
}
