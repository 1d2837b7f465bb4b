import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as core from './migrations/0001_core.js';
import * as resources from './migrations/0002_resources.js';
import * as search from './migrations/0003_search.js';
import * as webhooks from './migrations/0004_webhooks.js';
import * as uplinkInterval from './migrations/0005_uplink_interval.js';
import * as searchUpdateColumns from './migrations/0006_search_update_columns.js';
import * as companyPlan from './migrations/0007_company_plan.js';
import * as notificationParams from './migrations/0008_notification_params.js';
import * as networkFields from './migrations/0009_network_fields.js';
import * as networkSync from './migrations/0010_network_sync.js';
import * as eventStore from './migrations/0011_event_store.js';
import * as decoderPrecedence from './migrations/0012_decoder_precedence.js';
import * as downlinks from './migrations/0013_downlinks.js';
import * as deviceEventTypes from './migrations/0014_device_event_types.js';
import * as claimsAndHousekeeping from './migrations/0015_claims_and_housekeeping.js';
import * as webhookSecurity from './migrations/0017_webhook_security.js';
import * as gatewayCertificates from './migrations/0018_gateway_certificates.js';
import * as rateLimits from './migrations/0019_rate_limits.js';
import * as networkServerCertificates from './migrations/0020_network_server_certificates.js';
import * as gatewayPresence from './migrations/0021_gateway_presence.js';
import * as searchWithoutEvents from './migrations/0022_search_without_events.js';
import * as teamRoles from './migrations/0023_team_roles.js';
import * as auditEvents from './migrations/0025_audit_events.js';
import * as rules from './migrations/0030_rules.js';
import * as planOverrides from './migrations/0028_plan_overrides.js';
import * as tokenUsage from './migrations/0029_token_usage.js';
import * as suspensionReason from './migrations/0032_suspension_reason.js';
import * as ruleDeviceVersions from './migrations/0038_rule_device_versions.js';
import * as mail from './migrations/0026_mail.js';
import * as alertMail from './migrations/0031_alert_mail.js';
import * as webhookDeliveryDuration from './migrations/0037_webhook_delivery_duration.js';
import * as bulkJobs from './migrations/0036_bulk_jobs.js';
import * as deviceListIndexes from './migrations/0039_device_list_indexes.js';
import * as bulkIndexes from './migrations/0040_bulk_indexes.js';
import * as deviceSearchAndFilters from './migrations/0041_device_search_and_filters.js';
import * as crossCompanyDeviceOrder from './migrations/0042_cross_company_device_order.js';
import * as deviceFilterCounts from './migrations/0043_device_filter_counts.js';
import * as deviceSearchWalkColumns from './migrations/0044_device_search_walk_columns.js';
import * as deviceFilterSearchColumns from './migrations/0045_device_filter_search_columns.js';
import * as timeSeriesByUplink from './migrations/0046_time_series_by_uplink.js';

/**
 * Migrations are listed in code (not discovered on disk) so the compiled server and the
 * tests run exactly the same set. Append new ones with the next number; never edit a landed one.
 */
const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_resources': resources,
  '0003_search': search,
  '0004_webhooks': webhooks,
  '0005_uplink_interval': uplinkInterval,
  '0006_search_update_columns': searchUpdateColumns,
  '0007_company_plan': companyPlan,
  '0008_notification_params': notificationParams,
  '0009_network_fields': networkFields,
  '0010_network_sync': networkSync,
  '0011_event_store': eventStore,
  '0012_decoder_precedence': decoderPrecedence,
  '0013_downlinks': downlinks,
  '0014_device_event_types': deviceEventTypes,
  '0015_claims_and_housekeeping': claimsAndHousekeeping,
  '0017_webhook_security': webhookSecurity,
  '0018_gateway_certificates': gatewayCertificates,
  '0019_rate_limits': rateLimits,
  '0020_network_server_certificates': networkServerCertificates,
  '0021_gateway_presence': gatewayPresence,
  '0022_search_without_events': searchWithoutEvents,
  '0023_team_roles': teamRoles,
  '0025_audit_events': auditEvents,
  '0030_rules': rules,
  '0028_plan_overrides': planOverrides,
  '0029_token_usage': tokenUsage,
  '0032_suspension_reason': suspensionReason,
  '0026_mail': mail,
  '0031_alert_mail': alertMail,
  '0037_webhook_delivery_duration': webhookDeliveryDuration,
  '0038_rule_device_versions': ruleDeviceVersions,
  '0036_bulk_jobs': bulkJobs,
  '0039_device_list_indexes': deviceListIndexes,
  '0040_bulk_indexes': bulkIndexes,
  '0041_device_search_and_filters': deviceSearchAndFilters,
  '0042_cross_company_device_order': crossCompanyDeviceOrder,
  '0043_device_filter_counts': deviceFilterCounts,
  '0044_device_search_walk_columns': deviceSearchWalkColumns,
  '0045_device_filter_search_columns': deviceFilterSearchColumns,
  '0046_time_series_by_uplink': timeSeriesByUplink,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * PostgreSQL: the schema the connection works in. Kysely's migrator would otherwise take a
 * migration table of any schema in the database (another application's, a test's left behind)
 * for its own.
 */
async function migrator(db: Db): Promise<Migrator> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** The names of the migrations listed here that the database has not run yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await (await migrator(db)).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await (await migrator(db)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs the listed migrations up or down until `name` is the last one applied. A migration's test
 * starts from the one before it, with rows written as the older schema held them.
 */
export async function migrateTo(db: Db, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`No migration ${name}.`);
  const { error } = await (await migrator(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
