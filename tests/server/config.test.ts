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
