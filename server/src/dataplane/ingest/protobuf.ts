import { createRequire } from 'node:module';
import integrationPb from '@chirpstack/chirpstack-api/integration/integration_pb.js';
import commonPb from '@chirpstack/chirpstack-api/common/common_pb.js';
import type gwPb from '@chirpstack/chirpstack-api/gw/gw_pb.js';
import type * as Jspb from 'google-protobuf';
import type * as StructPb from 'google-protobuf/google/protobuf/struct_pb.js';
import type * as TimestampPb from 'google-protobuf/google/protobuf/timestamp_pb.js';
import type { IngestEventType } from '../../schemas/ingest.js';

// The google-protobuf copy @chirpstack/chirpstack-api is built with. Its messages refuse another
// copy's well-known types, and loading a second copy's would replace them in the `proto` namespace
// both share (a Timestamp made by one is then an object the other cannot write).
const fromChirpstack = createRequire(createRequire(import.meta.url).resolve('@chirpstack/chirpstack-api/integration/integration_pb.js'));
const jspb = fromChirpstack('google-protobuf') as typeof Jspb;
const { Struct } = fromChirpstack('google-protobuf/google/protobuf/struct_pb.js') as typeof StructPb;
const { Timestamp } = fromChirpstack('google-protobuf/google/protobuf/timestamp_pb.js') as typeof TimestampPb;

/**
 * ChirpStack's Protobuf encoding of integration events ("Payload encoding: Protobuf" of the HTTP
 * integration, the `json = false` marshaler of the MQTT one), turned into the shape of its JSON
 * encoding (schemas/ingest.ts), so both go through one validation and one path. Only the fields
 * that path reads are carried over.
 */

type Timestamp = { getSeconds(): number; getNanos(): number };
type DeviceInfo = InstanceType<typeof integrationPb.DeviceInfo>;
type Json = Record<string, unknown>;

const iso = (time: Timestamp | undefined): string | undefined =>
  time ? new Date(time.getSeconds() * 1000 + Math.floor(time.getNanos() / 1e6)).toISOString() : undefined;

/**
 * A `float` field as ChirpStack's JSON writes it: the shortest decimal that is the same 32-bit float
 * (an SNR of 13.2 is 13.199999809265137 as a double).
 */
function float32(value: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(value.toPrecision(digits));
    if (Math.fround(shortest) === Math.fround(value)) return shortest;
  }
  return value;
}

/** An enum's names by value (pbjson writes enums by name). */
const namesOf = (values: object): Map<number, string> => new Map((Object.entries(values) as [string, number][]).map(([name, value]) => [value, name]));
const LOG_LEVELS = namesOf(integrationPb.LogLevel);
const LOG_CODES = namesOf(integrationPb.LogCode);
const LOCATION_SOURCES = namesOf(commonPb.LocationSource);

const deviceInfo = (info: DeviceInfo | undefined): Json => ({
  devEui: info?.getDevEui() ?? '',
  deviceName: info?.getDeviceName() ?? '',
  applicationId: info?.getApplicationId() ?? '',
});

const common = (event: { getTime(): Timestamp | undefined; getDeviceInfo(): DeviceInfo | undefined }): Json => ({
  time: iso(event.getTime()),
  deviceInfo: deviceInfo(event.getDeviceInfo()),
});

function txInfo(tx: InstanceType<typeof gwPb.UplinkTxInfo> | undefined): Json | undefined {
  if (!tx) return undefined;
  const modulation = tx.getModulation();
  const lora = modulation?.getLora();
  const fsk = modulation?.getFsk();
  return {
    frequency: tx.getFrequency(),
    modulation: lora
      ? { lora: { bandwidth: lora.getBandwidth(), spreadingFactor: lora.getSpreadingFactor() } }
      : fsk
        ? { fsk: { datarate: fsk.getDatarate() } }
        : modulation?.getLrFhss()
          ? { lrFhss: {} }
          : undefined,
  };
}

const uplink = (bytes: Uint8Array): Json => {
  const event = integrationPb.UplinkEvent.deserializeBinary(bytes);
  return {
    ...common(event),
    deduplicationId: event.getDeduplicationId(),
    devAddr: event.getDevAddr(),
    adr: event.getAdr(),
    dr: event.getDr(),
    fCnt: event.getFCnt(),
    fPort: event.getFPort(),
    confirmed: event.getConfirmed(),
    data: event.getData_asB64(),
    object: event.getObject()?.toJavaScript(),
    rxInfo: event.getRxInfoList().map((rx) => ({ gatewayId: rx.getGatewayId(), rssi: rx.getRssi(), snr: float32(rx.getSnr()), channel: rx.getChannel() })),
    txInfo: txInfo(event.getTxInfo()),
  };
};

const join = (bytes: Uint8Array): Json => {
  const event = integrationPb.JoinEvent.deserializeBinary(bytes);
  return { ...common(event), deduplicationId: event.getDeduplicationId(), devAddr: event.getDevAddr() };
};

const ack = (bytes: Uint8Array): Json => {
  const event = integrationPb.AckEvent.deserializeBinary(bytes);
  return {
    ...common(event),
    deduplicationId: event.getDeduplicationId(),
    queueItemId: event.getQueueItemId(),
    acknowledged: event.getAcknowledged(),
    fCntDown: event.getFCntDown(),
  };
};

const txack = (bytes: Uint8Array): Json => {
  const event = integrationPb.TxAckEvent.deserializeBinary(bytes);
  return {
    ...common(event),
    downlinkId: event.getDownlinkId(),
    queueItemId: event.getQueueItemId(),
    fCntDown: event.getFCntDown(),
    gatewayId: event.getGatewayId(),
  };
};

const log = (bytes: Uint8Array): Json => {
  const event = integrationPb.LogEvent.deserializeBinary(bytes);
  return {
    ...common(event),
    level: LOG_LEVELS.get(event.getLevel()) ?? String(event.getLevel()),
    code: LOG_CODES.get(event.getCode()) ?? String(event.getCode()),
    description: event.getDescription(),
    context: Object.fromEntries(event.getContextMap().entries()),
  };
};

const status = (bytes: Uint8Array): Json => {
  const event = integrationPb.StatusEvent.deserializeBinary(bytes);
  return {
    ...common(event),
    deduplicationId: event.getDeduplicationId(),
    margin: event.getMargin(),
    externalPowerSource: event.getExternalPowerSource(),
    batteryLevelUnavailable: event.getBatteryLevelUnavailable(),
    batteryLevel: float32(event.getBatteryLevel()),
  };
};

const location = (bytes: Uint8Array): Json => {
  const event = integrationPb.LocationEvent.deserializeBinary(bytes);
  const place = event.getLocation();
  return {
    ...common(event),
    deduplicationId: event.getDeduplicationId(),
    location: place && {
      latitude: place.getLatitude(),
      longitude: place.getLongitude(),
      altitude: place.getAltitude(),
      source: LOCATION_SOURCES.get(place.getSource()) ?? String(place.getSource()),
      accuracy: float32(place.getAccuracy()),
    },
  };
};

/**
 * IntegrationEvent left the published definitions with ChirpStack 4.15, so it is read field by
 * field (integration.proto up to 4.14: 1 deduplication_id, 2 time, 3 device_info, 4 integration_name,
 * 5 event_type, 6 object).
 */
const integration = (bytes: Uint8Array): Json => {
  const reader = new jspb.BinaryReader(bytes);
  const event: Json = {};
  while (reader.nextField() && !reader.isEndGroup()) {
    switch (reader.getFieldNumber()) {
      case 1:
        event.deduplicationId = reader.readString();
        break;
      case 2:
        event.time = iso(Timestamp.deserializeBinary(reader.readBytes()));
        break;
      case 3:
        event.deviceInfo = deviceInfo(integrationPb.DeviceInfo.deserializeBinary(reader.readBytes()));
        break;
      case 4:
        event.integrationName = reader.readString();
        break;
      case 5:
        event.eventType = reader.readString();
        break;
      case 6:
        event.object = Struct.deserializeBinary(reader.readBytes()).toJavaScript();
        break;
      default:
        reader.skipField();
    }
  }
  return { deviceInfo: deviceInfo(undefined), ...event };
};

const DECODERS: Record<IngestEventType, (bytes: Uint8Array) => Json> = { up: uplink, join, ack, txack, log, status, location, integration };

/** The event in its JSON shape; throws on bytes that are not a message of this type. */
export function decodeProtobufEvent(event: IngestEventType, bytes: Uint8Array): Json {
  return withoutUndefined(DECODERS[event](bytes));
}

/** Left-out fields, as in the JSON encoding (an `undefined` would fail validation as a value of the wrong type). */
function withoutUndefined(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}
