import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';

/** The machine's Mosquitto (127.0.0.1:1883) stands in for the broker in front of ChirpStack. */
export const TEST_BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether a broker listens at TEST_BROKER; the MQTT suites are skipped (with a warning) when none does. */
export async function brokerAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_BROKER);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 1883), timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (!answers) console.warn(`MQTT tests skipped: no broker answers at ${TEST_BROKER}`);
  return answers;
}

/** A name no other run on the shared broker uses (client ids, share groups, DevEUIs). */
export const uniqueName = (prefix: string): string => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A DevEUI of this run: other runs on the same broker never feed its devices. */
export const uniqueDevEui = (): string => `EE${randomBytes(7).toString('hex').toUpperCase()}`;

/** Waits until `check` holds, polling; false after `timeoutMs` (the caller's expect then fails). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}

// Recent enough that no node's retention chores delete the samples while a test counts them.
const FIRST_UPLINK = Date.now() - 3600_000;

/** An `up` event as ChirpStack v4 publishes it (JSON), carrying `counter` as a decoded value. */
export function uplinkEvent(devEui: string, fCnt: number): string {
  return JSON.stringify({
    deduplicationId: `${randomBytes(4).toString('hex')}-${fCnt}`,
    time: new Date(FIRST_UPLINK + fCnt * 1000).toISOString(),
    deviceInfo: { devEui: devEui.toLowerCase(), applicationId: 'app' },
    fCnt,
    fPort: 1,
    object: { counter: fCnt },
  });
}

export const uplinkTopic = (devEui: string, event = 'up'): string => `application/app/device/${devEui.toLowerCase()}/event/${event}`;

/** Publishes each message at QoS 1; resolves once the broker accepted (PUBACK) every one. */
export async function publishAll(messages: { topic: string; payload: string | Buffer }[]): Promise<void> {
  const publisher = await mqtt.connectAsync(TEST_BROKER, { protocolVersion: 5, clientId: uniqueName('test-publisher') });
  try {
    await Promise.all(messages.map((message) => publisher.publishAsync(message.topic, message.payload, { qos: 1 })));
  } finally {
    await publisher.endAsync();
  }
}

/** Ends the brokers' sessions of these client ids (a clean start with no expiry), so a test leaves none behind. */
export async function forgetSessions(clientIds: string[]): Promise<void> {
  for (const clientId of clientIds) {
    const client = await mqtt.connectAsync(TEST_BROKER, { protocolVersion: 5, clientId, clean: true, properties: { sessionExpiryInterval: 0 } });
    await client.endAsync();
  }
}
