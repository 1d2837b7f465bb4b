import type { FastifyInstance } from 'fastify';
import type { AppContext, NetworkContext, ReadinessCheck } from '../context.js';
import type { MaintenanceRepository } from '../repositories/maintenance.js';

import { startEmbeddedBroker } from './broker/start.js';
import type { RunningBroker } from './broker/gateway-broker.js';
import { MqttIngestSubscriber } from './ingest/mqtt-subscriber.js';
import { Maintenance } from './maintenance.js';
import { PresenceSweep } from './presence-sweep.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { NetworkSyncWorker } from './network-server/sync-worker.js';

const WEBHOOK_TICK_MS = 1000;
const MAINTENANCE_TICK_MS = 15 * 60_000;
const NETWORK_SYNC_TICK_MS = 1000;

/**
 * The data plane's background parts, started when the server is ready and stopped when it
 * closes: the embedded gateway broker, or with MQTT_URL a subscriber to the network server's
 * events on that broker instead; webhook delivery; provisioning into the network server (when one
 * is configured); the maintenance chores. A part that cannot
 * start is logged and the rest (HTTP, the API) keeps serving.
 */
export function startDataPlane(app: FastifyInstance, ctx: AppContext, maintenanceStore: MaintenanceRepository): ReadinessCheck[] {
  const mqttUrl = ctx.config.mqtt.url;
  let broker: RunningBroker | undefined;
  const subscriber = mqttUrl
    ? new MqttIngestSubscriber(
        { url: mqttUrl, ...ctx.config.mqtt.subscriber },
        ctx.ingest,
        {
          info: (message) => app.log.info(message),
          warn: (error, message) => app.log.warn({ err: error }, message),
        },
        ctx.now,
      )
    : undefined;
  // The Info page shows this node's link (GET /api/network/status).
  ctx.mqttIngest = subscriber;
  const dispatcher = new WebhookDispatcher(ctx.repos.webhooks, ctx.now, { secrets: ctx.webhookSecrets, allowPrivate: ctx.config.webhooksAllowPrivate });
  const networkSync = ctx.networkServer.mode === 'standalone' ? undefined : networkSyncWorker(ctx);
  const maintenance = new Maintenance({
    store: maintenanceStore,
    leases: ctx.repos.jobLeases,
    notifications: ctx.repos.notifications,
    now: ctx.now,
    settings: ctx.config.maintenance,
    intervalMs: MAINTENANCE_TICK_MS,
    rules: ctx.rules,
  });
  // Gateways of a node that died are disconnected once their heartbeat expires (whichever node runs it).
  const presenceSweep = new PresenceSweep({
    presence: ctx.repos.gatewayPresence,
    leases: ctx.repos.jobLeases,
    notifications: ctx.repos.notifications,
    live: ctx.live,
    now: ctx.now,
    timing: ctx.config.mqtt.presence,
  });

  app.addHook('onReady', async () => {
    if (subscriber) {
      // Connects in the background and keeps reconnecting; events still arrive over HTTP meanwhile.
      subscriber.start();
    } else {
      try {
        broker = await startEmbeddedBroker(ctx, {
          error: (error) => app.log.error({ err: error }, 'gateway broker'),
          warn: (message) => app.log.warn(`gateway broker: ${message}`),
        });
        app.log.info(`gateway broker (MQTT over TLS) on port ${broker.port}`);
      } catch (error) {
        app.log.error({ err: error }, `gateway broker could not start on port ${ctx.config.mqtt.port}; gateways cannot connect until it does`);
      }
    }
    dispatcher.start(WEBHOOK_TICK_MS, (error) => app.log.warn({ err: error }, 'webhook delivery'));
    networkSync?.start(NETWORK_SYNC_TICK_MS, (error) => app.log.warn({ err: error }, 'network server sync'));
    maintenance.start((error) => app.log.warn({ err: error }, 'maintenance'));
    presenceSweep.start((error) => app.log.warn({ err: error }, 'gateway presence'));
  });

  app.addHook('onClose', async () => {
    maintenance.stop();
    presenceSweep.stop();
    await dispatcher.stop();
    await networkSync?.stop();
    await subscriber?.close();
    await broker?.close();
  });

  // Gateways connect to this node's embedded broker: without it listening the node is not ready.
  // The MQTT link is no readiness check: while the broker is away the node still serves the API
  // and the HTTP ingest, and the broker keeps the events for when the link is back.
  return subscriber ? [] : [{ name: 'broker', ok: () => broker !== undefined }];
}

/** The worker that pushes recorded changes to the network server, as a node runs it. */
export function networkSyncWorker(ctx: NetworkContext & Partial<Pick<AppContext, 'live'>>): NetworkSyncWorker {
  return new NetworkSyncWorker({
    outbox: ctx.repos.networkOutbox,
    entities: ctx.repos.networkEntities,
    downlinks: ctx.repos.downlinks,
    notifications: ctx.repos.notifications,
    server: ctx.networkServer,
    now: ctx.now,
    ...(ctx.live ? { live: ctx.live } : {}),
    ingestUrl: `${ctx.config.publicUrl}/api/ingest/chirpstack`,
  });
}
