import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { authRoutes } from './auth/routes.js';
import { identify, requireIdentity, sessionClaim } from './auth/identity.js';
import { auditActor } from './auth/audit-actor.js';
import { accountFailures, refuseExhaustedUsers, registerRateLimits } from './auth/rate-limit.js';
import { meteringHook } from './auth/metering.js';
import { TokenMeter } from './auth/token-meter.js';
import { KDF_QUEUE_PER_ADDRESS, KdfGate } from './auth/kdf-gate.js';
import { MemoryRateStore, SharedRateStore } from './auth/rate-store.js';
import { rateLimitsRepository } from './repositories/rate-limits.js';
import { SessionService } from './auth/sessions.js';
import { randomToken } from './auth/tokens.js';
import { createRepositories, transactionRunner, type AppContext, type ReadinessCheck } from './context.js';
import { createNetworkServer } from './dataplane/network-server/index.js';
import { frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serveStaticSites } from './http/static.js';
import { validatorCompiler } from './http/validation.js';
import { cachedSerializerFactory } from './http/serialization.js';
import { EXPOSED_HEADERS } from './auth/transport.js';
import { getOrCreate } from './repositories/settings.js';
import { openSecrets } from './secrets/sealed-settings.js';
import { webhookSecrets } from './secrets/webhook-secrets.js';
import { gatewayCertificates } from './dataplane/pki/gateway-certificates.js';
import { CertificateRevocations } from './dataplane/broker/revocations.js';
import { gatewayRoutes } from './routes/gateways.js';
import { ingestRoutes } from './routes/ingest.js';
import { deviceRoutes } from './routes/devices.js';
import { deviceHistoryRoutes } from './routes/device-history.js';
import { downlinkRoutes } from './routes/downlinks.js';
import { deviceImportRoutes } from './routes/device-import.js';
import { deviceExportRoutes } from './routes/device-export.js';
import { dataExportRoutes } from './routes/data-export.js';
import { bulkJobRoutes } from './routes/bulk-jobs.js';
import { unitRoutes } from './routes/units.js';
import { groupRoutes } from './routes/groups.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { searchRoutes } from './routes/search.js';
import { filterOptionRoutes } from './routes/filter-options.js';
import { notificationRoutes } from './routes/notifications.js';
import { dashboardRoutes } from './routes/dashboards.js';
import { widgetRoutes } from './routes/widgets.js';
import { usageRoutes } from './routes/usage.js';
import { operatorRoutes } from './routes/operator.js';
import { suspensionCheck } from './auth/suspension.js';
import { operatorDirectoryRoutes } from './routes/operator-directory.js';
import { webhookRoutes } from './routes/webhooks.js';
import { auditRoutes } from './routes/audit.js';
import { ruleRoutes } from './routes/rules.js';
import { apiKeyAuthenticator } from './auth/api-keys.js';
import { CodecPool } from './dataplane/codec/index.js';
import type { CodecTimeLimits } from './dataplane/codec/types.js';
import { templateCatalog } from './templates/catalog/index.js';
import { IngestService } from './dataplane/ingest/service.js';
import { startDataPlane } from './dataplane/start.js';
import { maintenanceRepository } from './repositories/maintenance.js';
import { companyRoutes } from './routes/companies.js';
import { inviteRoutes } from './routes/invites.js';
import { profileRoutes } from './routes/profiles.js';
import { templateRoutes } from './routes/templates.js';
import { tenantRoutes } from './routes/tenants.js';
import { userRoutes } from './routes/users.js';
import { versionRoutes } from './routes/version.js';
import { healthRoutes } from './routes/health.js';
import { networkRoutes } from './routes/network.js';
import { guardRoutes } from './routes/company-access.js';
import { memberRoutes } from './routes/members.js';
import { healthRepository } from './repositories/health.js';
import { ruleStatesRepository } from './repositories/rule-states.js';
import { RuleEngine } from './dataplane/rules/engine.js';
import { ruleDownlinkEncoder } from './routes/rule-downlink.js';
import { passwordResetRoutes } from './auth/password-reset.js';
import { emailVerificationRoutes } from './auth/email-verification.js';
import { emailChangeConfirmRoutes } from './auth/email-change.js';
import { emailChangeRoutes } from './routes/email-change.js';
import { loadMailCatalogues } from './mail/catalogue.js';
import { startMailSender } from './mail/start.js';
import { startBulkJobs, startFilterCountFolding } from './jobs/start.js';
import { unsubscribeTokens } from './mail/unsubscribe.js';
import { mailUnsubscribeRoutes } from './routes/mail-unsubscribe.js';
import { notificationPreferenceRoutes } from './routes/notification-preferences.js';
import { liveRoutes } from './routes/live.js';
import { inProcessTransport, LiveBus } from './dataplane/live/bus.js';
import { announcingNotifications } from './dataplane/live/notifications.js';
import { postgresLiveTransport } from './db/live-channel.js';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** The clock; tests move it forward to expire tokens. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Serve the console and marketing builds (off in API tests). */
  serveStatic?: boolean;
  /** Run the data plane's background parts (dataplane/start.ts; npm start, off in API tests). */
  dataPlane?: boolean;
  /** Send queued mail from this node (on with the data plane; API tests that read mail turn it on alone). */
  mail?: boolean;
  /** Run bulk jobs on devices from this node (on with the data plane; API tests turn it on alone). */
  bulkJobs?: boolean;
  /** Where this node announces revoked certificates to its broker (tests run the broker beside the app). */
  certificateRevocations?: CertificateRevocations;
  /** The codec sandbox's time limits; tests whose subject is not the limit give codecs more time (CodecPool). */
  codecTimeLimits?: CodecTimeLimits;
}

/** How long a node trusts its cached rules of a company when another node changed them (its own changes drop the cache at once). */
const RULE_CACHE_MS = 5000;

/** Builds the whole application without listening (DESIGN §7: app.ts builds, main.ts listens). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 2 * 1024 * 1024,
    // Only the listed proxies' X-Forwarded-For is believed (config.ts refuses "any peer").
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors,
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  app.addHook('onClose', async () => database.close());

  const repos = createRepositories(database.db, database.dialect, database.reads);
  // Live events: one LISTEN connection per node on PostgreSQL, in process on SQLite (one node).
  const liveError = (error: unknown) => app.log.warn({ err: error }, 'live events');
  const live = new LiveBus(database.postgres ? postgresLiveTransport(database.db, database.postgres, liveError) : inProcessTransport(), liveError);
  await live.start();
  // Closed before the database (hooks run in reverse order of adding): the last batch still goes out.
  app.addHook('onClose', async () => live.close());
  repos.notifications = announcingNotifications(repos.notifications, live);
  // The template store follows the catalog shipped with this version of the server.
  await repos.templates.seed(templateCatalog);
  // Secrets in the database are sealed with a key kept outside it; a wrong key stops the start here.
  const { settings, key } = await openSecrets(database.db, config.secrets);
  // The signing secret lives in the database so every process of one installation shares it.
  const secret = await getOrCreate(settings, 'session_signing_secret', () => randomToken(48));
  const sessions = new SessionService(repos.sessions, secret, config.auth, now);
  const unsubscribe = unsubscribeTokens(secret);
  const codecs = new CodecPool(undefined, options.codecTimeLimits);
  app.addHook('onClose', async () => codecs.close());
  // A language whose mail texts lack a key stops the start here, not the first mail at night.
  const mailCatalogues = loadMailCatalogues(config.mail.localesDir);
  const networkServer = createNetworkServer(config);
  app.addHook('onClose', async () => networkServer.close());
  const rules = new RuleEngine(ruleStatesRepository(database.db, database.dialect), now, {
    cacheMs: RULE_CACHE_MS,
    encodeDownlink: networkServer.mode === 'standalone' ? undefined : ruleDownlinkEncoder(codecs),
    onError: (error) => app.log.warn({ err: error }, 'rule evaluation'),
  });
  const suspended = suspensionCheck(repos.companyPlans, config.plans.usageFlushMs);
  const ctx: AppContext = {
    config,
    now,
    repos,
    gatewayCertificates: gatewayCertificates(settings, config.mqtt.gatewayCertDays),
    webhookSecrets: webhookSecrets(key),
    certificateRevocations: options.certificateRevocations ?? new CertificateRevocations(),
    codecs,
    ingest: new IngestService(
      repos.telemetry,
      (codec, input, company) => codecs.run(codec, input, { company, interactive: false }),
      now,
      repos.notifications,
      repos.unregisteredDevices,
      rules,
      suspended,
      live,
    ),
    suspended,
    rules,
    live,
    networkServer,
    transaction: transactionRunner(database.db, database.dialect),
  };
  const cookies = { secure: config.auth.secureCookies };
  // API tokens are counted in memory and written in batches; closing the app writes the rest.
  const meter = new TokenMeter(repos.tokenUsage, config.plans.usageFlushMs, (error) => app.log.warn({ err: error }, 'writing token usage failed'));
  meter.start();
  app.addHook('onClose', async () => meter.stop());
  const metering = meteringHook(meter, repos.companyPlans, now, config.plans.usageFlushMs);
  // Parts of the data plane that must run for this node to take traffic (GET /api/health/ready).
  const readiness: ReadinessCheck[] = [];

  await registerSecurityHeaders(app);
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
      await api.register((health) => healthRoutes(health, { health: healthRepository(database.db), checks: readiness }));
      // Several nodes share one PostgreSQL database, so they share its counts too; one SQLite node counts in memory.
      const rateStore =
        database.dialect === 'postgres'
          ? new SharedRateStore(rateLimitsRepository(database.db), now, (error) => app.log.warn({ err: error }, 'rate-limit sweep failed'))
          : new MemoryRateStore(config.rateLimits.memoryEntries, now);
      const exhausted = await registerRateLimits(api, rateStore, now);
      const limits = config.rateLimits;
      const failures = accountFailures(rateStore, limits.signInFailuresPerAccount, now);
      const kdf = new KdfGate(KDF_QUEUE_PER_ADDRESS);
      await api.register(
        (auth) =>
          authRoutes(auth, { users: repos.users, sessions, failures, kdf, limits, cookies, now, transaction: ctx.transaction, publicUrl: config.publicUrl }),
        { prefix: '/auth' },
      );
      await api.register(
        (auth) =>
          passwordResetRoutes(auth, { transaction: ctx.transaction, users: repos.users, kdf, store: rateStore, limits, publicUrl: config.publicUrl, now }),
        { prefix: '/auth' },
      );
      const userAuthenticators = [apiKeyAuthenticator(repos.apiKeys, now)];
      await api.register(
        (auth) =>
          emailVerificationRoutes(auth, {
            transaction: ctx.transaction,
            users: repos.users,
            requireSession: requireIdentity(sessions, userAuthenticators, cookies),
            limits,
            publicUrl: config.publicUrl,
            now,
          }),
        { prefix: '/auth' },
      );
      await api.register((auth) => emailChangeConfirmRoutes(auth, { transaction: ctx.transaction, limits, now }), { prefix: '/auth' });
      // Alert mails' unsubscribe link works without signing in: its token is signed.
      await api.register((mail) => mailUnsubscribeRoutes(mail, ctx, mailCatalogues, unsubscribe));
      // The network server's integration posts with its own key, or with a user's (its own hook).
      await api.register(async (ingest) => {
        ingest.addHook('preHandler', metering);
        await ingestRoutes(ingest, ctx, identify(sessions, userAuthenticators, cookies));
      });
      await api.register(async (secured) => {
        secured.addHook('onRequest', refuseExhaustedUsers(exhausted, sessionClaim(sessions), now));
        secured.addHook('onRequest', requireIdentity(sessions, userAuthenticators, cookies));
        guardRoutes(secured, ctx);
        secured.addHook('preHandler', auditActor);
        secured.addHook('preHandler', metering);
        for (const routes of [
          userRoutes,
          companyRoutes,
          memberRoutes,
          tenantRoutes,
          inviteRoutes,
          profileRoutes,
          templateRoutes,
          gatewayRoutes,
          deviceRoutes,
          deviceHistoryRoutes,
          downlinkRoutes,
          deviceImportRoutes,
          deviceExportRoutes,
          dataExportRoutes,
          bulkJobRoutes,
          unitRoutes,
          groupRoutes,
          apiKeyRoutes,
          searchRoutes,
          filterOptionRoutes,
          notificationRoutes,
          notificationPreferenceRoutes,
          liveRoutes,
          dashboardRoutes,
          widgetRoutes,
          webhookRoutes,
          networkRoutes,
          auditRoutes,
          ruleRoutes,
          usageRoutes,
          operatorRoutes,
          operatorDirectoryRoutes,
        ]) {
          await secured.register((scope) => routes(scope, ctx));
        }
        await secured.register((scope) => emailChangeRoutes(scope, ctx, { failures, kdf, store: rateStore }));
      });
    },
    { prefix: '/api' },
  );

  if (options.mail ?? options.dataPlane) startMailSender(app, ctx, mailCatalogues, unsubscribe);
  if (options.bulkJobs ?? options.dataPlane) startBulkJobs(app, ctx);
  if (options.dataPlane && database.dialect === 'postgres') startFilterCountFolding(app, ctx);
  if (options.dataPlane) readiness.push(...startDataPlane(app, ctx, maintenanceRepository(database.db)));

  if (options.serveStatic) await serveStaticSites(app, config);
  else app.setNotFoundHandler((_request, reply) => reply.code(404).send({ code: 'notFound', message: 'The requested resource was not found.' }));
  return app;
}
