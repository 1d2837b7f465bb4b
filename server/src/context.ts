import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { NetworkServer } from './dataplane/network-server/port.js';
import { networkOutboxRepository } from './repositories/network-outbox.js';
import { networkEntitiesRepository } from './repositories/network-entities.js';
import type { GatewayCertificates } from './dataplane/pki/gateway-certificates.js';
import type { CertificateRevocations } from './dataplane/broker/revocations.js';
import type { WebhookSecrets } from './secrets/webhook-secrets.js';
import type { CodecPool } from './dataplane/codec/index.js';
import type { IngestService } from './dataplane/ingest/service.js';
import type { SuspensionCheck } from './auth/suspension.js';
import type { RuleEngine } from './dataplane/rules/engine.js';
import type { LiveBus } from './dataplane/live/bus.js';
import type { MqttLinkStatus } from './schemas/network.js';
import { companiesRepository } from './repositories/companies.js';
import { companyPlansRepository } from './repositories/company-plans.js';
import { tokenUsageRepository } from './repositories/token-usage.js';
import { operatorsRepository } from './repositories/operators.js';
import { operatorDirectoryRepository } from './repositories/operator-directory.js';
import { apiKeysRepository } from './repositories/api-keys.js';
import { searchRepository } from './repositories/search.js';
import { filterOptionsRepository } from './repositories/filter-options.js';
import { deviceFilterCountsRepository } from './repositories/device-filter-counts.js';
import { notificationsRepository } from './repositories/notifications.js';
import { dashboardsRepository } from './repositories/dashboards.js';
import { widgetDataRepository } from './repositories/widget-data.js';
import { dataExportRepository } from './repositories/data-export.js';
import { widgetsRepository } from './repositories/widgets.js';
import { webhooksRepository } from './repositories/webhooks.js';
import { jobLeasesRepository } from './repositories/job-leases.js';
import { gatewayPresenceRepository } from './repositories/gateway-presence.js';
import { deviceImportRepository } from './repositories/device-import.js';
import { devicesRepository } from './repositories/devices.js';
import { downlinksRepository } from './repositories/downlinks.js';
import { gatewaysRepository } from './repositories/gateways.js';
import { gatewayCertificatesRepository } from './repositories/gateway-certificates.js';
import { networkServerCertificatesRepository } from './repositories/network-server-certificates.js';
import { invitesRepository } from './repositories/invites.js';
import { membershipsRepository } from './repositories/memberships.js';
import { profilesRepository } from './repositories/profiles.js';
import { templatesRepository } from './repositories/templates.js';
import { sessionsRepository } from './repositories/sessions.js';
import { tenantsRepository } from './repositories/tenants.js';
import { telemetryRepository } from './repositories/telemetry.js';
import { framesRepository } from './repositories/frames.js';
import { deviceHistoryRepository } from './repositories/device-history.js';
import { unregisteredDevicesRepository } from './repositories/unregistered-devices.js';
import { groupsRepository, unitsRepository } from './repositories/units.js';
import { usersRepository } from './repositories/users.js';
import { auditEventsRepository } from './repositories/audit-events.js';
import { rulesRepository } from './repositories/rules.js';
import { ruleScopeRepository } from './repositories/rule-scope.js';
import { mailOutboxRepository } from './repositories/mail-outbox.js';
import { alertMailsRepository } from './repositories/alert-mails.js';
import { notificationPreferencesRepository } from './repositories/notification-preferences.js';
import { accountTokensRepository } from './repositories/account-tokens.js';
import { bulkJobsRepository } from './repositories/bulk-jobs.js';
import type { BulkJobRunner } from './jobs/bulk-job-runner.js';

/** What route plugins receive: configuration, the clock, repositories and the data plane's services. */
export interface AppContext {
  config: Config;
  now: () => Date;
  repos: ReturnType<typeof createRepositories>;
  gatewayCertificates: GatewayCertificates;
  /** Certificates revoked on this node, announced to its broker so their connections drop at once. */
  certificateRevocations: CertificateRevocations;
  /** Seals webhook signing secrets for storing, opens them for signing (secrets/webhook-secrets.ts). */
  webhookSecrets: WebhookSecrets;
  /** The payload-codec sandbox (worker threads running QuickJS). */
  codecs: CodecPool;
  ingest: IngestService;
  /** Whether a company is suspended, cached per node (auth/suspension.ts): ingest and the gateway broker refuse its traffic. */
  suspended: SuspensionCheck;
  /** Evaluates rules on ingest; its cache of a company's rules is dropped when one of them changes. */
  rules: RuleEngine;
  /** Live events for the console's streams (routes/live.ts), shared across nodes on PostgreSQL. */
  live: LiveBus;
  /** The network server devices, profiles and gateways are provisioned into (standalone: none). */
  networkServer: NetworkServer;
  /** This node's subscription on the network server's broker, set by startDataPlane when MQTT_URL is set. */
  mqttIngest?: { status(): MqttLinkStatus } | undefined;
  /** This node's runner of bulk jobs on devices; a route queuing a job wakes it. */
  bulkJobs?: BulkJobRunner | undefined;
  /** Runs `work` in one database transaction, with the repositories a change and its outbox record need. */
  transaction<T>(work: (repos: TransactionRepositories) => Promise<T>): Promise<T>;
}

/**
 * `reads` takes the reads that can be expensive: search, filtered lists, widget data, history
 * (DatabaseHandle.reads: worker threads on a SQLite file). The others read their own writes on `db`.
 */
export function createRepositories(db: Db, dialect: Dialect, reads: Db = db) {
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    companies: companiesRepository(db),
    companyPlans: companyPlansRepository(db, dialect),
    tokenUsage: tokenUsageRepository(db),
    operators: operatorsRepository(db),
    operatorDirectory: operatorDirectoryRepository(db),
    tenants: tenantsRepository(db),
    invites: invitesRepository(db),
    memberships: membershipsRepository(db),
    profiles: profilesRepository(db),
    gateways: gatewaysRepository(db, reads),
    gatewayCertificates: gatewayCertificatesRepository(db),
    networkServerCertificates: networkServerCertificatesRepository(db),
    devices: devicesRepository(db, reads),
    deviceImport: deviceImportRepository(db),
    downlinks: downlinksRepository(db),
    units: unitsRepository(db),
    groups: groupsRepository(db),
    apiKeys: apiKeysRepository(db),
    search: searchRepository(reads, dialect),
    filterOptions: filterOptionsRepository(reads),
    deviceFilterCounts: deviceFilterCountsRepository(db, dialect),
    notifications: notificationsRepository(db),
    dashboards: dashboardsRepository(db),
    widgets: widgetsRepository(db),
    widgetData: widgetDataRepository(reads),
    dataExport: dataExportRepository(reads),
    webhooks: webhooksRepository(db, dialect),
    jobLeases: jobLeasesRepository(db),
    gatewayPresence: gatewayPresenceRepository(db),
    telemetry: telemetryRepository(db, dialect),
    frames: framesRepository(reads),
    deviceHistory: deviceHistoryRepository(reads, dialect),
    unregisteredDevices: unregisteredDevicesRepository(db),
    templates: templatesRepository(db),
    networkOutbox: networkOutboxRepository(db, dialect),
    networkEntities: networkEntitiesRepository(db),
    auditEvents: auditEventsRepository(db),
    rules: rulesRepository(db, dialect),
    ruleScope: ruleScopeRepository(db),
    mailOutbox: mailOutboxRepository(db),
    accountTokens: accountTokensRepository(db),
    notificationPreferences: notificationPreferencesRepository(db),
    alertMails: alertMailsRepository(db),
    bulkJobs: bulkJobsRepository(db, dialect),
  };
}

/** The repositories a change is written with, bound to its transaction so its outbox record commits with it. */
export function transactionRepositories(db: Db, dialect: Dialect) {
  return {
    companies: companiesRepository(db),
    companyPlans: companyPlansRepository(db, dialect),
    profiles: profilesRepository(db),
    gateways: gatewaysRepository(db),
    gatewayCertificates: gatewayCertificatesRepository(db),
    devices: devicesRepository(db),
    deviceImport: deviceImportRepository(db),
    downlinks: downlinksRepository(db),
    networkOutbox: networkOutboxRepository(db, dialect),
    networkEntities: networkEntitiesRepository(db),
    // A mail is queued with the action that sends it (mail/sender.ts sends it after the commit).
    mailOutbox: mailOutboxRepository(db),
    accountTokens: accountTokensRepository(db),
    // The alert mailer claims waiting alerts in the transaction that queues their mail.
    alertMails: alertMailsRepository(db),
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    invites: invitesRepository(db),
  };
}
export type TransactionRepositories = ReturnType<typeof transactionRepositories>;

/** AppContext's `transaction` for a database. */
export function transactionRunner(db: Db, dialect: Dialect): AppContext['transaction'] {
  return (work) => db.transaction().execute((trx) => work(transactionRepositories(trx, dialect)));
}

/** What the network-server worker and the reconcile command need of the context. */
export type NetworkContext = Pick<AppContext, 'config' | 'now' | 'repos' | 'networkServer' | 'transaction'>;

/** One part of a node's readiness beyond the database (GET /api/health/ready), e.g. the embedded broker listening. */
export interface ReadinessCheck {
  name: string;
  ok(): boolean;
}
