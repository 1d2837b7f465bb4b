import { powerOf } from '../../domain/power.js';
import type { DownlinkEventChange } from '../../repositories/downlinks.js';
import type { DeviceChanges, DeviceEvent } from '../../repositories/telemetry.js';
import type { AckEvent, IntegrationEvent, JoinEvent, LocationEvent, LogEvent, StatusEvent, TxAckEvent } from '../../schemas/ingest.js';
import { eventKey } from './event-key.js';
import type { ParsedEvent } from './parse.js';

/** The events other than uplinks: what each stores in the device's event log, and what it changes on the device. */
export type OtherEvent = Exclude<ParsedEvent, { type: 'up' }>;

export interface StoredEvent {
  event: DeviceEvent;
  changes: DeviceChanges;
}

/**
 * Log codes that mean the device's joins or frames are being rejected (ChirpStack drops the frame
 * after each): OTAA (a DevNonce used before), a MIC that does not match the keys, a frame counter
 * that went back (a device restarted without resetting its session). UPLINK_F_CNT_RETRANSMISSION is
 * left out: a device repeating a frame (NbTrans, unacknowledged confirmed uplinks) logs it normally.
 */
export const JOIN_FAILURE_CODES = ['OTAA', 'UPLINK_MIC', 'UPLINK_F_CNT_RESET'] as const;
/** How many such logs within the window make a notification ("repeated", not one bad frame). */
export const JOIN_FAILURES_TO_NOTIFY = 3;
export const JOIN_FAILURE_WINDOW_MS = 3_600_000;

const join = (event: JoinEvent): StoredEvent => ({
  event: {
    type: 'join',
    summary: event.devAddr ? `Joined with address ${event.devAddr}` : 'Joined',
    payload: { devAddr: event.devAddr },
    key: eventKey('join', event),
  },
  changes: { seen: true },
});

/**
 * The downlink an event is about, by ChirpStack's queue item id. ChirpStack's JSON leaves zero
 * values out, so a missing fCntDown of an event that has a queue item is frame counter 0.
 */
const downlinkChange = (queueItemId: string | undefined, change: Omit<DownlinkEventChange, 'queueItemId'>): Pick<DeviceChanges, 'downlink'> =>
  queueItemId ? { downlink: { queueItemId, ...change } } : {};

/** Sent by the network server about a downlink: the device was not necessarily heard. */
const ack = (event: AckEvent): StoredEvent => ({
  event: {
    type: 'ack',
    summary: `Downlink ${event.acknowledged ? 'acknowledged' : 'not acknowledged'}${event.fCntDown === undefined ? '' : ` (frame ${event.fCntDown})`}`,
    payload: { queueItemId: event.queueItemId, acknowledged: event.acknowledged ?? false, fCntDown: event.fCntDown },
    key: eventKey('ack', event),
  },
  changes: downlinkChange(event.queueItemId, { state: event.acknowledged ? 'acknowledged' : 'not_acknowledged', fCntDown: event.fCntDown ?? 0 }),
});

const txack = (event: TxAckEvent): StoredEvent => ({
  event: {
    type: 'txack',
    summary: `Downlink handed to gateway ${event.gatewayId ?? '?'}${event.fCntDown === undefined ? '' : ` (frame ${event.fCntDown})`}`,
    payload: { downlinkId: event.downlinkId, queueItemId: event.queueItemId, fCntDown: event.fCntDown, gatewayId: event.gatewayId },
    key: eventKey('txack', event),
  },
  changes: downlinkChange(event.queueItemId, { state: 'sent', fCntDown: event.fCntDown ?? 0 }),
});

/**
 * ChirpStack drops a queue item larger than the data rate allows when it comes to send it, and says
 * so only in a log event (recent releases name the queue item in its context).
 */
const DISCARDED_DOWNLINK_CODE = 'DOWNLINK_PAYLOAD_SIZE';

const log = (event: LogEvent): StoredEvent => {
  const level = event.level ?? 'INFO';
  const code = event.code ?? 'UNKNOWN';
  return {
    event: {
      type: 'log',
      summary: `${level} ${code}: ${event.description ?? ''}`,
      payload: { level, code, description: event.description ?? '', context: event.context ?? {} },
      key: eventKey('log', event),
      level,
      code,
    },
    changes:
      code === DISCARDED_DOWNLINK_CODE
        ? downlinkChange(event.context?.queue_item_id, { state: 'failed', errorCode: 'payload_too_large', errorMessage: event.description ?? '' })
        : {},
  };
};

/** A DevStatusAns arrives in an uplink: the device was heard. */
const status = (event: StatusEvent): StoredEvent => {
  const power = powerOf(event);
  const summary =
    power.source === 'external'
      ? 'Status: external power'
      : power.source === 'battery'
        ? `Status: battery ${power.batteryLevel} %`
        : 'Status: battery level unknown';
  return { event: { type: 'status', summary, payload: event, key: eventKey('status', event) }, changes: { seen: true, power } };
};

/** A position ChirpStack's geolocation resolved; its JSON leaves zero values out, so a missing coordinate is 0. */
const location = (event: LocationEvent): StoredEvent => {
  const place = event.location;
  const where = place ? { latitude: place.latitude ?? 0, longitude: place.longitude ?? 0 } : undefined;
  const source = place?.source;
  return {
    event: {
      type: 'location',
      summary: where ? `Location ${where.latitude.toFixed(5)}, ${where.longitude.toFixed(5)}${source ? ` (${source})` : ''}` : 'Location unknown',
      payload: { location: event.location ?? null },
      key: eventKey('location', event),
    },
    changes: where ? { location: { ...where, altitude: place?.altitude ?? 0, source: source ?? null } } : {},
  };
};

const integration = (event: IntegrationEvent): StoredEvent => ({
  event: {
    type: 'integration',
    summary: `${event.integrationName ?? 'Integration'}: ${event.eventType ?? 'event'}`,
    payload: { integrationName: event.integrationName, eventType: event.eventType, object: event.object ?? null },
    key: eventKey('integration', event),
  },
  changes: {},
});

/** What an event other than an uplink stores and changes. */
export function storedEvent(parsed: OtherEvent): StoredEvent {
  switch (parsed.type) {
    case 'join':
      return join(parsed.event);
    case 'ack':
      return ack(parsed.event);
    case 'txack':
      return txack(parsed.event);
    case 'log':
      return log(parsed.event);
    case 'status':
      return status(parsed.event);
    case 'location':
      return location(parsed.event);
    case 'integration':
      return integration(parsed.event);
  }
}
