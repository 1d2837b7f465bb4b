import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SecretKeySettings } from './secrets/secret-key.js';
import { DEFAULT_PLAN, isPlan, PLANS, type Plan } from './domain/plans.js';

export interface ChirpstackConfig {
  /** gRPC address, `host:port` (plain) or `https://host:port` (TLS). */
  apiUrl: string;
  /** A ChirpStack API key (tenant or admin). */
  apiToken: string;
  /** The tenant whose applications, device profiles and gateways are this installation's. */
  tenantId: string;
}

/** The subscription on the network server's broker (MQTT_URL). */
export interface MqttSubscriberConfig {
  /** Names this node's persistent session at the broker: stable across restarts, different per node. */
  clientId: string;
  /** Nodes with the same group split the event stream ($share/<group>/…) instead of each getting all of it. */
  shareGroup: string;
  /** How long the broker keeps the session (and queues this node's share) while the node is away. */
  sessionExpirySeconds: number;
  username: string | undefined;
  password: string | undefined;
}

/** Every setting the server reads from the environment, parsed in this one place. */
export interface Config {
  port: number;
  host: string;
  /** Directory for the embedded SQLite file and other local state. */
  dataDir: string;
  /** postgres://… switches from the embedded SQLite file to PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL: longest a statement runs and longest to wait for a connection before the request fails with 503. */
  databaseTimeouts: { statementMs: number; connectMs: number };
  /** SQLite file: worker threads running expensive reads off the event loop (0: on the main connection). */
  sqliteReadWorkers: number;
  logLevel: string;
  /** Static builds served next to the API; absent directories are simply not served. */
  consoleDir: string;
  marketingDir: string;
  /** Origins allowed to call the API from another host (VITE_API_URL setups). */
  corsOrigins: string[];
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs); empty: none, the
   * client address is the peer's. Never "any peer": a client could then name any address it likes.
   */
  trustProxy: string[];
  /** Request limits against guessing, spraying and enumeration (auth/rate-limit.ts). */
  rateLimits: RateLimitsConfig;
  maintenance: {
    eventRetentionDays: number;
    silentFactor: number;
    certificateWarningDays: number;
    deliveryRetentionDays: number;
    readNotificationRetentionDays: number;
  };
  /**
   * Let webhooks post to loopback and private-use addresses (tests and development only: refused
   * with NODE_ENV=production, which `npm start` sets). Metadata, link-local and the other special
   * ranges stay blocked either way (dataplane/webhooks/address.ts).
   */
  webhooksAllowPrivate: boolean;
  /** This installation's address as others reach it (the network server posts its events to PUBLIC_URL/api/ingest/chirpstack). */
  publicUrl: string;
  /** ChirpStack v4 to provision into (CHIRPSTACK_API_URL); absent means standalone mode (nothing is provisioned). */
  chirpstack: ChirpstackConfig | undefined;
  mqtt: {
    /** Port of the embedded gateway broker (TLS with client certificates). */
    port: number;
    /** Address gateways are told to connect to (setup wizard, certificate download). */
    publicUrl: string;
    /** An external broker to subscribe to instead of running the embedded one. */
    url: string | undefined;
    /** How this node subscribes on MQTT_URL (dataplane/ingest/mqtt-subscriber.ts). */
    subscriber: MqttSubscriberConfig;
    gatewayCertDays: number;
    /**
     * Gateway presence across API nodes (dataplane/broker/presence.ts): each node refreshes the
     * heartbeat of the connections it holds this often; a node silent for `expiryMs` is taken for
     * dead and its gateways for disconnected (checked as often as the heartbeat, by one node).
     */
    presence: { heartbeatMs: number; expiryMs: number };
    /** The network server's login for the embedded broker when it connects without a client certificate. */
    networkServer: { username: string; password: string } | undefined;
  };
  /** The key that seals the secrets stored in the database (README, "Secrets at rest"). */
  secrets: SecretKeySettings;
  plans: PlansConfig;
  mail: MailConfig;
  /** The console's live stream (routes/live.ts): heartbeat comment and session check interval, open streams per user and node. */
  live: { heartbeatMs: number; streamsPerUser: number };
  /** Bulk jobs on devices (jobs/bulk-job-runner.ts). */
  bulkJobs: { leaseMs: number; batchSize: number };
  auth: {
    accessTokenTtlSeconds: number;
    refreshTokenTtlSeconds: number;
    /** Secure cookies need https; on by default when PUBLIC_URL is https. */
    secureCookies: boolean;
  };
}

/** How mail leaves (mail/transport.ts): SMTP when SMTP_URL is set, else .eml files under `dir`. */
export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…:465; absent: the embedded default writes files. */
  smtpUrl: string | undefined;
  /** The From header, e.g. `LoRa Console <noreply@example.com>`. */
  from: string;
  /** DATA_DIR/mail: where messages are written without SMTP. */
  dir: string;
  /** The mail catalogues (locales/<language>/mail.json). */
  localesDir: string;
  /** How long a node's claim on a message holds; a node killed mid-send leaves it to others after this. */
  claimMs: number;
}

/** At most `max` requests per key within `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface RateLimitsConfig {
  /** Failed sign-ins per account (email), from any address. */
  signInFailuresPerAccount: RateLimitRule;
  /** Sign-in attempts per client address, whatever the account (password spraying). */
  signInPerAddress: RateLimitRule;
  signUpPerAddress: RateLimitRule;
  /** `GET /auth/emailpassword/email/exists` per client address (account enumeration). */
  emailExistsPerAddress: RateLimitRule;
  /** Codec test runs per user and company. */
  codecTestPerUser: RateLimitRule;
  /** Password-reset requests per client address, and per account (address) from anywhere. */
  passwordResetPerAddress: RateLimitRule;
  passwordResetPerAccount: RateLimitRule;
  /** Verification mails a signed-in user asks for again. */
  verificationResendPerUser: RateLimitRule;
  /** Counters kept in memory on a single node (SQLite); PostgreSQL keeps them in its rate_limits table. */
  memoryEntries: number;
}

/** Plans and API token metering (issue #17). */
export interface PlansConfig {
  /** The plan a new company starts on (NEW_COMPANY_PLAN): Free unless an installation sells otherwise. */
  newCompanyPlan: Plan;
  /** How often a node writes its counted API tokens to the database (USAGE_FLUSH_MS). */
  usageFlushMs: number;
  /**
   * Platform operators (OPERATOR_EMAILS, comma-separated, lower-cased): they reach the back-office
   * at /operator. Those granted with `npm run operator -- grant <email>` add to them.
   */
  operatorEmails: string[];
}

type Env = Record<string, string | undefined>;

function plansConfig(env: Env): PlansConfig {
  const plan = env.NEW_COMPANY_PLAN?.trim() || DEFAULT_PLAN;
  if (!isPlan(plan)) throw new Error(`NEW_COMPANY_PLAN must be one of ${PLANS.join(', ')}, got "${plan}"`);
  return {
    newCompanyPlan: plan,
    usageFlushMs: integer(env, 'USAGE_FLUSH_MS', 2_000, 1),
    operatorEmails: list(env.OPERATOR_EMAILS).map((email) => email.toLowerCase()),
  };
}

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  if (value > max) throw new Error(`${name} must be an integer ≤ ${max}, got "${raw}"`);
  return value;
}

function rule(env: Env, prefix: string, max: number, windowSeconds: number): RateLimitRule {
  return { max: integer(env, `${prefix}_MAX`, max, 1), windowSeconds: integer(env, `${prefix}_WINDOW_SECONDS`, windowSeconds, 1) };
}

function rateLimits(env: Env): RateLimitsConfig {
  return {
    signInFailuresPerAccount: { max: integer(env, 'SIGNIN_MAX_FAILURES', 10, 1), windowSeconds: integer(env, 'SIGNIN_WINDOW_SECONDS', 15 * 60, 1) },
    signInPerAddress: rule(env, 'SIGNIN_ADDRESS', 50, 15 * 60),
    signUpPerAddress: rule(env, 'SIGNUP_ADDRESS', 10, 60 * 60),
    emailExistsPerAddress: rule(env, 'EMAIL_EXISTS_ADDRESS', 60, 15 * 60),
    codecTestPerUser: rule(env, 'CODEC_TEST', 60, 60),
    passwordResetPerAddress: rule(env, 'PASSWORD_RESET_ADDRESS', 20, 15 * 60),
    passwordResetPerAccount: rule(env, 'PASSWORD_RESET_ACCOUNT', 5, 60 * 60),
    verificationResendPerUser: rule(env, 'VERIFICATION_RESEND', 5, 60 * 60),
    memoryEntries: integer(env, 'RATE_LIMIT_MEMORY_ENTRIES', 50_000, 100),
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY names the proxies in front of the API. `true` (any peer) would let every client
 * choose its own address for the rate limits; a hop count trusts whoever sits that many hops away.
 */
function trustedProxies(raw: string | undefined): string[] {
  const items = list(raw);
  if (items.length === 1 && items[0] === 'false') return [];
  for (const item of items) {
    if (item === 'true' || /^\d+$/.test(item)) {
      throw new Error(`TRUST_PROXY must list the proxies' addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16), not "${item}"`);
    }
    if (!PROXY_NAMES.has(item) && !isAddressOrRange(item)) throw new Error(`TRUST_PROXY: "${item}" is not an IP address or CIDR`);
  }
  return items;
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** The repository root: server/dist/config.js and server/src/config.ts both sit two levels below it. */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

function chirpstackConfig(env: Env): ChirpstackConfig | undefined {
  const apiUrl = env.CHIRPSTACK_API_URL?.trim();
  if (!apiUrl) return undefined;
  const apiToken = env.CHIRPSTACK_API_TOKEN?.trim();
  const tenantId = env.CHIRPSTACK_TENANT_ID?.trim();
  if (!apiToken || !tenantId) throw new Error('CHIRPSTACK_API_URL needs CHIRPSTACK_API_TOKEN (an API key) and CHIRPSTACK_TENANT_ID');
  return { apiUrl, apiToken, tenantId };
}

/** A share name may not hold topic-filter characters (MQTT 5, 4.8.2). */
const NOT_A_SHARE_NAME = /[/+#\s]/;

function mqttSubscriberConfig(env: Env): MqttSubscriberConfig {
  // The host name is stable for a machine or a StatefulSet pod, and differs between nodes.
  const clientId = env.MQTT_CLIENT_ID?.trim() || `lora-console-${os.hostname()}`;
  const shareGroup = env.MQTT_SHARE_GROUP?.trim() || 'lora-console';
  if (NOT_A_SHARE_NAME.test(shareGroup)) throw new Error(`MQTT_SHARE_GROUP must not contain "/", "+", "#" or spaces, got "${shareGroup}"`);
  return {
    clientId,
    shareGroup,
    sessionExpirySeconds: integer(env, 'MQTT_SESSION_EXPIRY_SECONDS', 24 * 3600, 1),
    username: env.MQTT_USERNAME || undefined,
    password: env.MQTT_PASSWORD || undefined,
  };
}

const MIN_NETWORK_SERVER_PASSWORD = 16;

function networkServerLogin(env: Env): { username: string; password: string } | undefined {
  const username = env.MQTT_NETWORK_SERVER_USERNAME ?? '';
  const password = env.MQTT_NETWORK_SERVER_PASSWORD ?? '';
  if (username === '' && password === '') return undefined;
  if (username === '' || password === '') throw new Error('MQTT_NETWORK_SERVER_USERNAME and MQTT_NETWORK_SERVER_PASSWORD go together');
  // The broker faces the internet and does not slow down guessing: only long passwords hold.
  if (password.length < MIN_NETWORK_SERVER_PASSWORD)
    throw new Error(`MQTT_NETWORK_SERVER_PASSWORD must have at least ${MIN_NETWORK_SERVER_PASSWORD} characters`);
  return { username, password };
}

/** SECRET_KEY, or the key file: SECRET_KEY_FILE, else DATA_DIR/secret.key (created on first start). */
function secretKeySettings(env: Env, dataDir: string): SecretKeySettings {
  const key = env.SECRET_KEY?.trim() || undefined;
  const file = env.SECRET_KEY_FILE?.trim() || undefined;
  if (key && file) throw new Error('set SECRET_KEY or SECRET_KEY_FILE, not both');
  return { key, file: path.resolve(file ?? path.join(dataDir, 'secret.key')), createFile: file === undefined };
}

/** Opening the platform's own network to webhooks must never happen by accident in production. */
function webhooksAllowPrivate(env: Env): boolean {
  const allow = env.WEBHOOKS_ALLOW_PRIVATE === 'true';
  if (allow && env.NODE_ENV === 'production') throw new Error('WEBHOOKS_ALLOW_PRIVATE is for tests and development only, not with NODE_ENV=production');
  return allow;
}

/** A mistyped SMTP_URL fails the start, not every mail later. */
function smtpUrl(env: Env): string | undefined {
  const url = env.SMTP_URL?.trim() || undefined;
  if (url && !/^smtps?:\/\/[^/]+/.test(url)) throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465');
  return url;
}

/** The expiry spans several heartbeats, so one late heartbeat on a busy node is no outage. */
function presenceConfig(env: Env): Config['mqtt']['presence'] {
  const heartbeatMs = integer(env, 'GATEWAY_HEARTBEAT_MS', 10_000, 10);
  return { heartbeatMs, expiryMs: integer(env, 'GATEWAY_PRESENCE_EXPIRY_MS', 3 * heartbeatMs, 2 * heartbeatMs) };
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite file)');
  }
  const publicUrl = env.PUBLIC_URL ?? '';
  const port = integer(env, 'PORT', 8000, 0);
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir,
    databaseUrl,
    databaseTimeouts: {
      statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 1),
      connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000, 1),
    },
    sqliteReadWorkers: integer(env, 'SQLITE_READ_WORKERS', 2, 0),
    logLevel: env.LOG_LEVEL || 'info',
    consoleDir: path.resolve(env.CONSOLE_DIR || path.join(repoRoot, 'dist', 'admin')),
    marketingDir: path.resolve(env.MARKETING_DIR || path.join(repoRoot, 'marketing', 'public')),
    corsOrigins: list(env.CORS_ORIGINS),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    rateLimits: rateLimits(env),
    webhooksAllowPrivate: webhooksAllowPrivate(env),
    maintenance: {
      eventRetentionDays: integer(env, 'EVENT_RETENTION_DAYS', 30, 1),
      silentFactor: integer(env, 'SILENT_AFTER_INTERVALS', 3, 2),
      certificateWarningDays: 30,
      deliveryRetentionDays: integer(env, 'WEBHOOK_DELIVERY_RETENTION_DAYS', 7, 1),
      readNotificationRetentionDays: integer(env, 'NOTIFICATION_RETENTION_DAYS', 90, 1),
    },
    publicUrl: (publicUrl || `http://localhost:${port}`).replace(/\/+$/, ''),
    chirpstack: chirpstackConfig(env),
    mqtt: {
      port: integer(env, 'MQTT_PORT', 8883, 0),
      publicUrl: env.MQTT_PUBLIC_URL || `mqtts://localhost:${env.MQTT_PORT || 8883}`,
      url: env.MQTT_URL?.trim() || undefined,
      subscriber: mqttSubscriberConfig(env),
      gatewayCertDays: integer(env, 'GATEWAY_CERT_DAYS', 365, 1),
      presence: presenceConfig(env),
      networkServer: networkServerLogin(env),
    },
    secrets: secretKeySettings(env, dataDir),
    plans: plansConfig(env),
    live: { heartbeatMs: integer(env, 'LIVE_HEARTBEAT_MS', 20_000, 50), streamsPerUser: integer(env, 'LIVE_STREAMS_PER_USER', 8, 1) },
    mail: {
      smtpUrl: smtpUrl(env),
      from: env.MAIL_FROM?.trim() || `LoRa Console <noreply@${new URL(publicUrl || 'http://localhost').hostname}>`,
      dir: path.join(dataDir, 'mail'),
      localesDir: path.join(repoRoot, 'locales'),
      claimMs: integer(env, 'MAIL_CLAIM_SECONDS', 120, 1) * 1000,
    },
    bulkJobs: {
      // A batch takes well under a second; a killed node's job resumes after the lease.
      leaseMs: integer(env, 'BULK_JOB_LEASE_SECONDS', 30, 1) * 1000,
      // Each batch rewrites the index pages its devices sit on, scattered over the whole index: at
      // 1,000 a job of 100,000 rewrote them a hundred times over, at 5,000 it spends half the CPU
      // time (bench/RESULTS.md, #20). A batch holds the SQLite writer (and its event loop) while it
      // runs, so it stays bounded; the bound keeps a batch's id list within both databases'
      // bound-parameter limits (SQLite 32,766, PostgreSQL 65,535).
      batchSize: integer(env, 'BULK_JOB_BATCH_SIZE', 5000, 1, 10_000),
    },
    auth: {
      accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1),
      refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 100 * 24 * 3600, 60),
      secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : publicUrl.startsWith('https:'),
    },
  };
}
