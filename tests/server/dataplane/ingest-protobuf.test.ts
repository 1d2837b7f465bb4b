import { describe, expect, it } from 'vitest';
import integrationPb from '@chirpstack/chirpstack-api/integration/integration_pb.js';
import commonPb from '@chirpstack/chirpstack-api/common/common_pb.js';
import { eventKey } from '../../../server/src/dataplane/ingest/event-key.js';
import { parseEvent } from '../../../server/src/dataplane/ingest/parse.js';
import type { IngestEventType } from '../../../server/src/schemas/ingest.js';
import { chirpstackEvent, chirpstackJspb, logProtobuf, struct, timestamp, uplinkProtobuf, type ChirpstackJson } from '../helpers/chirpstack.js';

type Info = InstanceType<typeof integrationPb.DeviceInfo>;

function deviceInfo(json: ChirpstackJson): Info {
  const info = new integrationPb.DeviceInfo();
  info.setDevEui(json.deviceInfo.devEui);
  info.setDeviceName(String(json.deviceInfo.deviceName));
  info.setApplicationId(String(json.deviceInfo.applicationId));
  return info;
}

/** Each recorded JSON event written with ChirpStack's own Protobuf messages. */
const ENCODE: Record<Exclude<IngestEventType, 'up' | 'log'>, (json: ChirpstackJson) => Uint8Array> = {
  join: (json) => {
    const event = new integrationPb.JoinEvent();
    event.setDeduplicationId(String(json.deduplicationId));
    event.setTime(timestamp(String(json.time)));
    event.setDeviceInfo(deviceInfo(json));
    event.setDevAddr(String(json.devAddr));
    return event.serializeBinary();
  },
  ack: (json) => {
    const event = new integrationPb.AckEvent();
    event.setDeduplicationId(String(json.deduplicationId));
    event.setTime(timestamp(String(json.time)));
    event.setDeviceInfo(deviceInfo(json));
    event.setQueueItemId(String(json.queueItemId));
    event.setAcknowledged(Boolean(json.acknowledged));
    event.setFCntDown(Number(json.fCntDown));
    return event.serializeBinary();
  },
  txack: (json) => {
    const event = new integrationPb.TxAckEvent();
    event.setDownlinkId(Number(json.downlinkId));
    event.setTime(timestamp(String(json.time)));
    event.setDeviceInfo(deviceInfo(json));
    event.setQueueItemId(String(json.queueItemId));
    event.setFCntDown(Number(json.fCntDown));
    event.setGatewayId(String(json.gatewayId));
    return event.serializeBinary();
  },
  status: (json) => {
    const event = new integrationPb.StatusEvent();
    event.setDeduplicationId(String(json.deduplicationId));
    event.setTime(timestamp(String(json.time)));
    event.setDeviceInfo(deviceInfo(json));
    event.setMargin(Number(json.margin));
    event.setBatteryLevel(Number(json.batteryLevel));
    return event.serializeBinary();
  },
  location: (json) => {
    const place = json.location as { latitude: number; longitude: number; altitude: number; accuracy: number };
    const location = new commonPb.Location();
    location.setLatitude(place.latitude);
    location.setLongitude(place.longitude);
    location.setAltitude(place.altitude);
    location.setSource(commonPb.LocationSource.GEO_RESOLVER_TDOA);
    location.setAccuracy(place.accuracy);
    const event = new integrationPb.LocationEvent();
    event.setDeduplicationId(String(json.deduplicationId));
    event.setTime(timestamp(String(json.time)));
    event.setDeviceInfo(deviceInfo(json));
    event.setLocation(location);
    return event.serializeBinary();
  },
  // No longer in the published definitions: written field by field as ChirpStack 4.13 did.
  integration: (json) => {
    const writer = new chirpstackJspb.BinaryWriter();
    writer.writeString(1, String(json.deduplicationId));
    writer.writeBytes(2, timestamp(String(json.time)).serializeBinary());
    writer.writeBytes(3, deviceInfo(json).serializeBinary());
    writer.writeString(4, String(json.integrationName));
    writer.writeString(5, String(json.eventType));
    writer.writeBytes(6, struct(json.object as Record<string, unknown>).serializeBinary());
    return writer.getResultBuffer();
  },
};

describe('ChirpStack events in the Protobuf encoding', () => {
  it.each(Object.keys(ENCODE) as (keyof typeof ENCODE)[])('reads %s as its JSON encoding says, with the same idempotency key', (type) => {
    const json = chirpstackEvent(type);
    const fromBytes = parseEvent(type, ENCODE[type](json));
    const fromJson = parseEvent(type, json);
    expect(fromBytes.event).toMatchObject({ deviceInfo: { devEui: json.deviceInfo.devEui }, time: new Date(String(json.time)).toISOString() });
    const { deviceInfo: _info, time: _time, txInfo: _txInfo, regionConfigId: _region, ...carried } = json;
    expect(fromBytes.event).toMatchObject(type === 'location' ? { location: json.location } : carried);
    expect(eventKey(type, fromBytes.event)).toBe(eventKey(type, fromJson.event));
  });

  it('reads up and log (enum numbers become their names) with the same idempotency key as their JSON', () => {
    const up = chirpstackEvent('up');
    const upBytes = parseEvent('up', uplinkProtobuf(up));
    expect(upBytes.event).toMatchObject({
      fCnt: 153,
      fPort: 2,
      dr: 5,
      adr: true,
      data: up.data,
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -68, snr: 13.2 }, {}],
    });
    expect(eventKey('up', upBytes.event)).toBe(eventKey('up', parseEvent('up', up).event));
    const log = chirpstackEvent('log');
    const logBytes = parseEvent('log', logProtobuf(log));
    expect(logBytes.event).toMatchObject({ level: 'ERROR', code: 'OTAA', description: log.description, context: log.context });
    expect(eventKey('log', logBytes.event)).toBe(eventKey('log', parseEvent('log', log).event));
  });

  it('tells JSON from Protobuf by the bytes alone (an MQTT message has no content type)', () => {
    const json = chirpstackEvent('status');
    expect(parseEvent('status', Buffer.from(`  ${JSON.stringify(json)}`)).event).toMatchObject({ batteryLevel: 87.4016 });
    expect(() => parseEvent('status', Buffer.from('{ not json'))).toThrow(expect.objectContaining({ statusCode: 400 }));
  });
});
