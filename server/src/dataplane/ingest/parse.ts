import { bodyValidator } from '../../http/validation.js';
import { invalid } from '../../http/errors.js';
import {
  AckEvent,
  IntegrationEvent,
  JoinEvent,
  LocationEvent,
  LogEvent,
  StatusEvent,
  TxAckEvent,
  UplinkEvent,
  type IngestEventType,
} from '../../schemas/ingest.js';
import { decodeProtobufEvent } from './protobuf.js';

/** An event with its type, checked against the type's schema. */
export type ParsedEvent =
  | { type: 'up'; event: UplinkEvent }
  | { type: 'join'; event: JoinEvent }
  | { type: 'ack'; event: AckEvent }
  | { type: 'txack'; event: TxAckEvent }
  | { type: 'log'; event: LogEvent }
  | { type: 'status'; event: StatusEvent }
  | { type: 'location'; event: LocationEvent }
  | { type: 'integration'; event: IntegrationEvent };

const check = {
  up: bodyValidator<UplinkEvent>(UplinkEvent),
  join: bodyValidator<JoinEvent>(JoinEvent),
  ack: bodyValidator<AckEvent>(AckEvent),
  txack: bodyValidator<TxAckEvent>(TxAckEvent),
  log: bodyValidator<LogEvent>(LogEvent),
  status: bodyValidator<StatusEvent>(StatusEvent),
  location: bodyValidator<LocationEvent>(LocationEvent),
  integration: bodyValidator<IntegrationEvent>(IntegrationEvent),
};

const OPEN_BRACE = 0x7b;
const WHITE_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Raw bytes hold JSON or Protobuf: a JSON event starts with `{`, which no Protobuf event can (it
 * would be field 15 with the deprecated group wire type), so the bytes say which without a header.
 */
function fromBytes(type: IngestEventType, bytes: Uint8Array): unknown {
  const first = bytes.find((byte) => !WHITE_SPACE.has(byte));
  try {
    if (first === OPEN_BRACE) return JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
    return decodeProtobufEvent(type, bytes);
  } catch {
    throw invalid({ body: { code: 'invalid' } });
  }
}

/**
 * The event of a body: parsed JSON, or the raw bytes of the HTTP body or MQTT message (JSON or
 * Protobuf). Throws the router's 400 when it does not match its type's schema.
 */
export function parseEvent(type: IngestEventType, body: unknown): ParsedEvent {
  const value = body instanceof Uint8Array ? fromBytes(type, body) : body;
  switch (type) {
    case 'up':
      return { type, event: check.up(value) };
    case 'join':
      return { type, event: check.join(value) };
    case 'ack':
      return { type, event: check.ack(value) };
    case 'txack':
      return { type, event: check.txack(value) };
    case 'log':
      return { type, event: check.log(value) };
    case 'status':
      return { type, event: check.status(value) };
    case 'location':
      return { type, event: check.location(value) };
    case 'integration':
      return { type, event: check.integration(value) };
  }
}
