import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { authRoutes } from './auth/routes.js';
import { requireIdentity } from './auth/identity.js';
import { FailureLimiter } from './auth/rate-limit.js';
import { SessionService } from './auth/sessions.js';
import { randomToken } from './auth/tokens.js';
import { createRepositories, type AppContext } from './context.js';
import { installErrorHandling } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { serveStaticSites } from './http/static.js';
import { validatorCompiler } from './http/validation.js';
import { EXPOSED_HEADERS } from './auth/transport.js';
import { getOrCreate, settingsStore } from './repositories/settings.js';
import { gatewayCertificates } from './dataplane/pki/gateway-certificates.js';
import { gatewayRoutes } from './routes/gateways.js';
import { ingestRoutes } from './routes/ingest.js';
import { deviceRoutes } from './routes/devices.js';
import { deviceImportRoutes } from './routes/device-import.js';
import { unitRoutes } from './routes/units.js';
import { groupRoutes } from './routes/groups.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { searchRoutes } from './routes/search.js';
import { filterOptionRoutes } from './routes/filter-options.js';
import { notificationRoutes } from './routes/notifications.js';
import { dashboardRoutes } from './routes/dashboards.js';
import { widgetRoutes } from './routes/widgets.js';
import { webhookRoutes } from './routes/webhooks.js';
import { WebhookDispatcher } from './dataplane/webhooks/dispatcher.js';
import { Maintenance } from './dataplane/maintenance.js';
import { apiKeyAuthenticator } from './auth/api-keys.js';
import { CodecPool } from './dataplane/codec/index.js';
import { templateCatalog } from './templates/catalog/index.js';
import { startEmbeddedBroker } from './dataplane/broker/start.js';
import type { RunningBroker } from './dataplane/broker/gateway-broker.js';
import { startChirpstackSubscriber, type Subscriber } from './dataplane/ingest/mqtt-subscriber.js';
import { IngestService } from './dataplane/ingest/service.js';
import { companyRoutes } from './routes/companies.js';
import { inviteRoutes } from './routes/invites.js';
import { profileRoutes } from './routes/profiles.js';
import { templateRoutes } from './routes/templates.js';
import { tenantRoutes } from './routes/tenants.js';
import { userRoutes } from './routes/users.js';
import { versionRoutes } from './routes/version.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** The clock; tests move it forward to expire tokens. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Serve the console and marketing builds (off in API tests). */
  serveStatic?: boolean;
  /** Run the data plane's background parts: gateway broker (or MQTT_URL subscriber) and webhook delivery (npm start; off in API tests). */
  dataPlane?: boolean;
}

/** Builds the whole application without listening (DESIGN §7: app.ts builds, main.ts listens). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  app.addHook('onClose', async () => database.close());

  const repos = createRepositories(database.db, database.dialect);
  // The template store follows the catalog shipped with this version of the server.
  await repos.templates.seed(templateCatalog);
  // The signing secret lives in the database so every process of one installation shares it.
  const secret = await getOrCreate(settingsStore(database.db), 'session_signing_secret', () => randomToken(48));
  const sessions = new SessionService(repos.sessions, secret, config.auth, now);
  const codecs = new CodecPool();
  app.addHook('onClose', async () => codecs.close());
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    now,
    repos,
    sessions,
    gatewayCertificates: gatewayCertificates(settingsStore(database.db), config.mqtt.gatewayCertDays),
    codecs,
    ingest: new IngestService(repos.telemetry, (codec, input) => codecs.run(codec, input), now, repos.notifications, repos.webhooks),
  };
  const cookies = { secure: config.auth.secureCookies };

  await app.register(fastifyCookie);
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      exposedHeaders: EXPOSED_HEADERS,
      allowedHeaders: ['content-type', 'authorization', 'rid', 'fdi-version', 'st-auth-mode', 'anti-csrf'],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  }
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(versionRoutes);
      const limiter = new FailureLimiter(config.auth.signInMaxFailures, config.auth.signInWindowSeconds * 1000, now);
      await api.register((auth) => authRoutes(auth, { users: repos.users, sessions, limiter, cookies, now }), { prefix: '/auth' });
      await api.register(async (secured) => {
        secured.addHook('onRequest', requireIdentity(sessions, [apiKeyAuthenticator(repos.apiKeys, now)], cookies));
        for (const routes of [userRoutes, companyRoutes, tenantRoutes, inviteRoutes, profileRoutes, templateRoutes, gatewayRoutes, ingestRoutes, deviceRoutes, deviceImportRoutes, unitRoutes, groupRoutes, apiKeyRoutes, searchRoutes, filterOptionRoutes, notificationRoutes, dashboardRoutes, widgetRoutes, webhookRoutes]) {
          await secured.register((scope) => routes(scope, ctx));
        }
      });
    },
    { prefix: '/api' },
  );

  // With MQTT_URL the gateways talk to an external broker; the embedded one stays off.
  if (options.dataPlane && !config.mqtt.url) {
    let broker: RunningBroker | undefined;
    app.addHook('onReady', async () => {
      // Without the broker the console and API still work; only gateways cannot connect.
      try {
        broker = await startEmbeddedBroker(ctx, (error) => app.log.error({ err: error }, 'gateway broker'));
        app.log.info(`gateway broker (MQTT over TLS) on port ${broker.port}`);
      } catch (error) {
        app.log.error({ err: error }, `gateway broker could not start on port ${config.mqtt.port}; gateways cannot connect until it does`);
      }
    });
    app.addHook('onClose', async () => broker?.close());
  }
  // With MQTT_URL the network server's events arrive over that broker too (besides HTTP).
  const mqttUrl = config.mqtt.url;
  if (options.dataPlane && mqttUrl) {
    let subscriber: Subscriber | undefined;
    app.addHook('onReady', async () => {
      try {
        subscriber = await startChirpstackSubscriber(mqttUrl, ctx.ingest, (error) => app.log.warn({ err: error }, 'MQTT ingest'));
        app.log.info('subscribed to network server events on MQTT_URL');
      } catch (error) {
        app.log.error({ err: error }, 'could not subscribe to MQTT_URL; events still arrive over HTTP');
      }
    });
    app.addHook('onClose', async () => subscriber?.close());
  }

  if (options.dataPlane) {
    const dispatcher = new WebhookDispatcher(repos.webhooks, now);
    const maintenance = new Maintenance(database.db, repos.notifications, now, config.maintenance);
    app.addHook('onReady', async () => {
      dispatcher.start(1000, (error) => app.log.warn({ err: error }, 'webhook delivery'));
      maintenance.start(15 * 60_000, (error) => app.log.warn({ err: error }, 'maintenance'));
    });
    app.addHook('onClose', async () => {
      maintenance.stop();
      await dispatcher.stop();
    });
  }

  if (options.serveStatic) await serveStaticSites(app, config);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'notFound', message: 'The requested resource was not found.' }));
  return app;
}
