import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';

describe("the network server's broker login (MQTT_NETWORK_SERVER_*)", () => {
  const password = 'x'.repeat(16);

  it('is absent unless configured', () => {
    expect(loadConfig({}).mqtt.networkServer).toBeUndefined();
    expect(loadConfig({ MQTT_NETWORK_SERVER_USERNAME: '', MQTT_NETWORK_SERVER_PASSWORD: '' }).mqtt.networkServer).toBeUndefined();
  });

  it('reads user name and password', () => {
    expect(loadConfig({ MQTT_NETWORK_SERVER_USERNAME: 'chirpstack', MQTT_NETWORK_SERVER_PASSWORD: password }).mqtt.networkServer).toEqual({
      username: 'chirpstack',
      password,
    });
  });

  it('refuses one without the other and short passwords', () => {
    expect(() => loadConfig({ MQTT_NETWORK_SERVER_USERNAME: 'chirpstack' })).toThrow(
      'MQTT_NETWORK_SERVER_USERNAME and MQTT_NETWORK_SERVER_PASSWORD go together',
    );
    expect(() => loadConfig({ MQTT_NETWORK_SERVER_PASSWORD: password })).toThrow('MQTT_NETWORK_SERVER_USERNAME and MQTT_NETWORK_SERVER_PASSWORD go together');
    expect(() => loadConfig({ MQTT_NETWORK_SERVER_USERNAME: 'chirpstack', MQTT_NETWORK_SERVER_PASSWORD: 'x'.repeat(15) })).toThrow(
      'MQTT_NETWORK_SERVER_PASSWORD must have at least 16 characters',
    );
  });
});

describe("the subscription on the network server's broker (MQTT_URL)", () => {
  it('defaults to a client id from the host name, the lora-console share group and a one-day session', () => {
    expect(loadConfig({}).mqtt.subscriber).toEqual({
      clientId: `lora-console-${os.hostname()}`,
      shareGroup: 'lora-console',
      sessionExpirySeconds: 86_400,
      username: undefined,
      password: undefined,
    });
  });

  it('reads client id, share group, session expiry and login', () => {
    const env = { MQTT_CLIENT_ID: 'api-1', MQTT_SHARE_GROUP: 'console', MQTT_SESSION_EXPIRY_SECONDS: '600', MQTT_USERNAME: 'console', MQTT_PASSWORD: 'secret' };
    expect(loadConfig(env).mqtt.subscriber).toEqual({
      clientId: 'api-1',
      shareGroup: 'console',
      sessionExpirySeconds: 600,
      username: 'console',
      password: 'secret',
    });
  });

  it('refuses a share group with topic characters and a session that ends with the connection', () => {
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow('MQTT_SHARE_GROUP must not contain "/", "+", "#" or spaces, got "a/b"');
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'all+' })).toThrow('MQTT_SHARE_GROUP must not contain');
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_SECONDS: '0' })).toThrow('MQTT_SESSION_EXPIRY_SECONDS must be an integer ≥ 1, got "0"');
  });
});

describe('housekeeping retention (WEBHOOK_DELIVERY_RETENTION_DAYS, NOTIFICATION_RETENTION_DAYS)', () => {
  it('keeps finished webhook deliveries a week and read notifications 90 days unless configured', () => {
    expect(loadConfig({}).maintenance).toMatchObject({ deliveryRetentionDays: 7, readNotificationRetentionDays: 90 });
    expect(loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: '2', NOTIFICATION_RETENTION_DAYS: '30' }).maintenance).toMatchObject({
      deliveryRetentionDays: 2,
      readNotificationRetentionDays: 30,
    });
  });

  it('refuses a retention under a day', () => {
    expect(() => loadConfig({ WEBHOOK_DELIVERY_RETENTION_DAYS: '0' })).toThrow('WEBHOOK_DELIVERY_RETENTION_DAYS must be an integer ≥ 1, got "0"');
    expect(() => loadConfig({ NOTIFICATION_RETENTION_DAYS: 'soon' })).toThrow('NOTIFICATION_RETENTION_DAYS must be an integer ≥ 1, got "soon"');
  });
});

describe('gateway presence across nodes (GATEWAY_HEARTBEAT_MS, GATEWAY_PRESENCE_EXPIRY_MS)', () => {
  it('refreshes every 10 s and expires after three heartbeats unless configured', () => {
    expect(loadConfig({}).mqtt.presence).toEqual({ heartbeatMs: 10_000, expiryMs: 30_000 });
    expect(loadConfig({ GATEWAY_HEARTBEAT_MS: '2000' }).mqtt.presence).toEqual({ heartbeatMs: 2000, expiryMs: 6000 });
    expect(loadConfig({ GATEWAY_HEARTBEAT_MS: '100', GATEWAY_PRESENCE_EXPIRY_MS: '450' }).mqtt.presence).toEqual({ heartbeatMs: 100, expiryMs: 450 });
  });

  it('refuses an expiry shorter than two heartbeats', () => {
    expect(() => loadConfig({ GATEWAY_HEARTBEAT_MS: '1000', GATEWAY_PRESENCE_EXPIRY_MS: '1500' })).toThrow(
      'GATEWAY_PRESENCE_EXPIRY_MS must be an integer ≥ 2000, got "1500"',
    );
  });
});

describe('bulk jobs (BULK_JOB_BATCH_SIZE)', () => {
  it('does 5,000 devices per batch unless configured, and at most 10,000 (the id list of a batch is bound parameters)', () => {
    expect(loadConfig({}).bulkJobs.batchSize).toBe(5000);
    expect(loadConfig({ BULK_JOB_BATCH_SIZE: '10000' }).bulkJobs.batchSize).toBe(10_000);
    expect(() => loadConfig({ BULK_JOB_BATCH_SIZE: '10001' })).toThrow('BULK_JOB_BATCH_SIZE must be an integer ≤ 10000, got "10001"');
    expect(() => loadConfig({ BULK_JOB_BATCH_SIZE: '0' })).toThrow('BULK_JOB_BATCH_SIZE must be an integer ≥ 1, got "0"');
  });
});
