import mqtt, { type MqttClient } from 'mqtt';
import type { MqttSubscriberConfig } from '../../config.js';
import { INGEST_EVENTS, type IngestEventType } from '../../schemas/ingest.js';
import type { MqttLinkErrorCode } from '../../schemas/messages.js';
import type { MqttLinkStatus } from '../../schemas/network.js';
import type { IngestOutcome, IngestService } from './service.js';

/** ChirpStack v4 MQTT integration: application/<application id>/device/<DevEUI>/event/<event>. */
const CHIRPSTACK_EVENTS = 'application/+/device/+/event/+';

/** Nodes of one group share the stream: the broker hands each message to one of them (MQTT 5 shared subscription). */
const sharedSubscription = (group: string): string => `$share/${group}/${CHIRPSTACK_EVENTS}`;

const SUCCESS = 0x00;
/** MQTT 5 DISCONNECT reason: another connection with the same client id took the session. */
const SESSION_TAKEN_OVER = 0x8e;

export interface SubscriberSettings extends MqttSubscriberConfig {
  url: string;
  /** The first and the longest wait before reconnecting; it doubles per failure in a row. */
  backoff?: { firstMs: number; maxMs: number };
}

export interface SubscriberLog {
  info(message: string): void;
  warn(error: unknown, message: string): void;
}

const DEFAULT_BACKOFF = { firstMs: 1000, maxMs: 30_000 };

/** Half fixed, half random: nodes that lost the broker together do not come back in lockstep. */
function backoffDelay(failuresInARow: number, backoff: { firstMs: number; maxMs: number }): number {
  const full = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, failuresInARow - 1));
  return full / 2 + Math.random() * (full / 2);
}

const isIngestEvent = (value: string | undefined): value is IngestEventType => (INGEST_EVENTS as readonly string[]).includes(value ?? '');

/** The ingest service answers a malformed event (not JSON, not Protobuf, or not of its type) with a 400-style error: sending it again cannot help. */
const isMalformed = (error: unknown): boolean => (error as { statusCode?: number } | null)?.statusCode === 400;

/**
 * Subscribes this node to the network server's events on an external broker (MQTT_URL), so that
 * none is lost and several nodes split the stream:
 * - a persistent MQTT 5 session under a stable client id (clean start off, session expiry), so
 *   the broker keeps what arrives while the node is away or restarting;
 * - a QoS 1 shared subscription ($share/<group>/…): each message goes to one node of the group;
 * - a message is acknowledged only once its data is committed. One that fails is never answered
 *   (an MQTT 5 PUBACK with an error code would be final): the connection is dropped instead and
 *   opened again after a backoff, and the session brings the unacknowledged messages back.
 *
 * mqtt.js hands messages over one at a time (`customHandleAcks`: the next one is read only after
 * the callback answered the previous one), which keeps PUBACKs in order as MQTT requires. Each
 * connection is its own client, so the answer to a message of a dropped connection can never
 * go out on the next one, where the broker may have reused its packet id.
 */
export class MqttIngestSubscriber {
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private connectFailures = 0;
  private processingFailures = 0;
  /** The message being stored: a reconnect waits for it, so its redelivery is never stored alongside it. */
  private handling: Promise<void> = Promise.resolve();
  private link: MqttLinkStatus;
  /** Suspended companies whose refused events were logged already: one line per company, not one per event. */
  private readonly refusedCompanies = new Set<string>();

  constructor(
    private readonly settings: SubscriberSettings,
    private readonly ingest: Pick<IngestService, 'handle'>,
    private readonly log: SubscriberLog,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.link = { state: 'connecting', since: now().toISOString(), error_code: null, error_at: null };
  }

  start(): void {
    this.connect();
  }

  status(): MqttLinkStatus {
    return { ...this.link };
  }

  /** Stops taking messages, acknowledges the one being stored, and leaves the session to the broker. */
  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.handling;
    const client = this.client;
    this.client = undefined;
    this.setState('stopped');
    if (client?.connected) await client.endAsync();
    else client?.end(true);
  }

  private connect(): void {
    const { url, clientId, sessionExpirySeconds, username, password } = this.settings;
    const client: MqttClient = mqtt.connect(url, {
      protocolVersion: 5,
      clientId,
      clean: false,
      properties: { sessionExpiryInterval: sessionExpirySeconds },
      ...(username === undefined ? {} : { username }),
      ...(password === undefined ? {} : { password }),
      // Reconnecting is ours (below), each time with a new client.
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: 10_000,
      customHandleAcks: (topic, message, _packet, answer) => this.receive(client, topic, message, () => answer(SUCCESS)),
    });
    this.client = client;
    client.on('connect', () => void this.subscribe(client));
    client.on('error', (error) => {
      if (client !== this.client) return;
      // A CONNACK refusal carries its MQTT reason code; a socket error its errno name.
      const refused = typeof (error as { code?: unknown }).code === 'number';
      this.recordError(this.link.state === 'connected' ? 'connection_lost' : refused ? 'broker_refused' : 'broker_unreachable', error);
    });
    client.on('disconnect', (packet) => {
      if (client === this.client && packet.reasonCode === SESSION_TAKEN_OVER)
        this.recordError('client_id_taken', new Error(`client id ${clientId} taken over`));
    });
    client.on('close', () => this.closed(client));
  }

  private async subscribe(client: MqttClient): Promise<void> {
    try {
      const granted = await client.subscribeAsync(sharedSubscription(this.settings.shareGroup), { qos: 1 });
      // A broker that grants only QoS 0 would drop what arrives while the node is away.
      if (granted.some((grant) => grant.qos !== 1)) throw new Error(`subscription granted with QoS ${granted.map((grant) => grant.qos).join(', ')}`);
    } catch (error) {
      if (client !== this.client) return;
      this.recordError('subscription_refused', error);
      this.connectFailures++;
      this.drop(client);
      return;
    }
    if (client !== this.client) return;
    this.connectFailures = 0;
    this.setState('connected');
    this.log.info(`subscribed to network server events on MQTT_URL as ${this.settings.clientId} (share group ${this.settings.shareGroup})`);
  }

  private receive(client: MqttClient, topic: string, message: Buffer, acknowledge: () => void): void {
    // Left unanswered: the broker sends it again on the next connection.
    if (client !== this.client || this.stopped) return;
    const event = topic.split('/')[5];
    // Events this server does not store are acknowledged, so they do not come back.
    if (!isIngestEvent(event)) return acknowledge();
    // The message as it came, JSON or Protobuf (ChirpStack's `json = false` marshaler): the ingest
    // service tells which and parses it once.
    const stored = new Promise<IngestOutcome>((resolve) => resolve(this.ingest.handle('network-server', event, message)));
    this.handling = stored.then(
      (outcome) => {
        this.processingFailures = 0;
        // Refused for good (issue #17): acknowledged like a stored one, else it would come back forever.
        if (outcome.status === 'suspended' && !this.refusedCompanies.has(outcome.companyId)) {
          this.refusedCompanies.add(outcome.companyId);
          this.log.info(`MQTT ingest: company ${outcome.companyId} is suspended; its events are acknowledged and dropped`);
        }
        if (client === this.client) acknowledge();
      },
      (error: unknown) => {
        if (isMalformed(error)) {
          this.log.warn(error, `MQTT ingest: ${topic} is malformed; dropped`);
          if (client === this.client) acknowledge();
          return;
        }
        this.recordError('processing_failed', error);
        this.processingFailures++;
        if (client === this.client) this.drop(client);
      },
    );
  }

  /** The connection ended by itself (the broker went away, refused us, or did not answer). */
  private closed(client: MqttClient): void {
    if (client !== this.client) return;
    this.client = undefined;
    if (this.stopped) return;
    const explained = this.link.error_at !== null && this.link.error_at >= this.link.since;
    if (this.link.state === 'connected' && !explained) this.recordError('connection_lost', new Error('connection to the MQTT broker closed'));
    this.connectFailures++;
    this.reconnectLater();
  }

  /** Ends a connection without answering what it delivered, and opens a new one later. */
  private drop(client: MqttClient): void {
    this.client = undefined;
    client.end(true);
    if (!this.stopped) this.reconnectLater();
  }

  private reconnectLater(): void {
    this.setState('reconnecting');
    const delay = backoffDelay(this.connectFailures + this.processingFailures, this.settings.backoff ?? DEFAULT_BACKOFF);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.handling.then(() => {
        if (!this.stopped && !this.client) this.connect();
      });
    }, delay);
  }

  private setState(state: MqttLinkStatus['state']): void {
    if (this.link.state === state) return;
    this.link = { ...this.link, state, since: this.now().toISOString() };
  }

  private recordError(code: MqttLinkErrorCode, error: unknown): void {
    this.link = { ...this.link, error_code: code, error_at: this.now().toISOString() };
    this.log.warn(error, `MQTT ingest: ${code}`);
  }
}
