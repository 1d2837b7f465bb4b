import mqtt from 'mqtt';
import { INGEST_EVENTS, type IngestEventType } from '../../schemas/ingest.js';
import type { IngestService } from './service.js';

/** ChirpStack v4 MQTT integration: application/<application id>/device/<DevEUI>/event/<event>. */
export const CHIRPSTACK_EVENTS = 'application/+/device/+/event/+';

const SUCCESS = 0x00;
const UNSPECIFIED_ERROR = 0x80;

export interface Subscriber {
  close(): Promise<void>;
}

const isIngestEvent = (value: string | undefined): value is IngestEventType => (INGEST_EVENTS as readonly string[]).includes(value ?? '');

/**
 * Subscribes to the network server's events on an external broker (MQTT_URL). MQTT 5 with
 * QoS 1, and each message is acknowledged only once its data is committed, so the broker
 * redelivers what a crash interrupted. Events we do not store (txack, log, …) are acknowledged.
 */
export async function startChirpstackSubscriber(url: string, ingest: IngestService, log: (error: unknown) => void): Promise<Subscriber> {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    clientId: `lora-console-ingest-${process.pid}`,
    reconnectPeriod: 5000,
    customHandleAcks: (topic, message, _packet, done) => {
      const event = topic.split('/')[5];
      if (!isIngestEvent(event)) return done(SUCCESS);
      let body: unknown;
      try {
        body = JSON.parse(message.toString('utf8'));
      } catch (error) {
        log(error);
        return done(SUCCESS);
      }
      ingest.handle('network-server', event, body).then(
        () => done(SUCCESS),
        (error: unknown) => {
          log(error);
          // A malformed event is not worth redelivering; anything else is.
          done((error as { statusCode?: number }).statusCode === 400 ? SUCCESS : UNSPECIFIED_ERROR);
        },
      );
    },
  });
  client.on('error', log);
  await client.subscribeAsync(CHIRPSTACK_EVENTS, { qos: 1 });
  return { close: () => client.endAsync() };
}
