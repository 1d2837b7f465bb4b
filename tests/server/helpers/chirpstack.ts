import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import integrationPb from '@chirpstack/chirpstack-api/integration/integration_pb.js';
import gwPb from '@chirpstack/chirpstack-api/gw/gw_pb.js';
import { newIntegrationKey } from '../../../server/src/auth/integration-keys.js';
import type { IngestEventType } from '../../../server/src/schemas/ingest.js';
import { createRecord } from './fixtures.js';
import type { TestApp } from './test-app.js';
import { call, type SignedIn } from './users.js';
import type * as Jspb from 'google-protobuf';
import type * as StructPb from 'google-protobuf/google/protobuf/struct_pb.js';
import type * as TimestampPb from 'google-protobuf/google/protobuf/timestamp_pb.js';

// ChirpStack's messages accept only the well-known types of the google-protobuf copy they were built
// with (see server/src/dataplane/ingest/protobuf.ts); another copy must not even be loaded.
const fromChirpstack = createRequire(createRequire(import.meta.url).resolve('@chirpstack/chirpstack-api/integration/integration_pb.js'));
const timestampPb = fromChirpstack('google-protobuf/google/protobuf/timestamp_pb.js') as typeof TimestampPb;
const structPb = fromChirpstack('google-protobuf/google/protobuf/struct_pb.js') as typeof StructPb;
/** google-protobuf as ChirpStack's messages use it, for writing messages the library no longer defines. */
export const chirpstackJspb = fromChirpstack('google-protobuf') as typeof Jspb;

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/chirpstack');

/** The DevEUI every recorded event of tests/server/fixtures/chirpstack names (lower-case, as ChirpStack writes it). */
export const FIXTURE_DEV_EUI = 'a84041000181c6f1';

export type ChirpstackJson = Record<string, unknown> & { deviceInfo: Record<string, unknown> & { devEui: string } };

/** A recorded ChirpStack v4 event (JSON encoding), optionally with fields replaced. */
export function chirpstackEvent(type: IngestEventType, changes: Record<string, unknown> = {}): ChirpstackJson {
  const event = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${type}.json`), 'utf8')) as ChirpstackJson;
  return { ...event, ...changes };
}

/** The event for another DevEUI. */
export const forDevice = (event: ChirpstackJson, devEui: string): ChirpstackJson => ({ ...event, deviceInfo: { ...event.deviceInfo, devEui } });

/**
 * The device of the recorded events (FIXTURE_DEV_EUI) in the company, decoding with the Dragino
 * LHT65N codec of the template store as the recording's device does.
 */
export async function fixtureDevice(t: TestApp, owner: SignedIn, companyId: string, name: string): Promise<string> {
  const profile = (await call(t.app, owner, 'POST', `/api/template/${companyId}/dragino-lht65n`)).json<{ id: string }>().id;
  return createRecord(t, owner, '/api/device/', { company_id: companyId, dev_eui: FIXTURE_DEV_EUI, app_key: 'A'.repeat(32), name, config: profile });
}

/** A company's integration key, as the provisioning gives the network server (Authorization: Bearer li_…). */
export async function integrationKeyOf(t: TestApp, companyId: string): Promise<string> {
  const { key, lookup, hash } = newIntegrationKey();
  await t.db.insertInto('integration_keys').values({ lookup, company_id: companyId, key_hash: hash, created_at: t.clock.now().toISOString() }).execute();
  return key;
}

/** POSTs an event as ChirpStack's HTTP integration does: `?event=`, JSON or the Protobuf bytes. */
export function postEvent(t: TestApp, key: string, type: string, body: object | Uint8Array, contentType?: string): Promise<LightMyRequestResponse> {
  const bytes = body instanceof Uint8Array;
  return t.app.inject({
    method: 'POST',
    url: `/api/ingest/chirpstack?event=${type}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType ?? (bytes ? 'application/octet-stream' : 'application/json') },
    payload: bytes ? Buffer.from(body) : JSON.stringify(body),
  });
}

export const timestamp = (iso: string) => timestampPb.Timestamp.fromDate(new Date(iso));
export const struct = (value: Record<string, unknown>) => structPb.Struct.fromJavaScript(value as Record<string, never>);

/** The Protobuf encoding of an `up` event in the fixture's JSON shape (what ChirpStack posts with "Payload encoding: Protobuf"). */
export function uplinkProtobuf(json: ChirpstackJson): Uint8Array {
  const event = new integrationPb.UplinkEvent();
  const info = new integrationPb.DeviceInfo();
  info.setDevEui(json.deviceInfo.devEui);
  info.setDeviceName(String(json.deviceInfo.deviceName ?? ''));
  info.setApplicationId(String(json.deviceInfo.applicationId ?? ''));
  event.setDeviceInfo(info);
  event.setDeduplicationId(String(json.deduplicationId));
  event.setTime(timestamp(String(json.time)));
  event.setDevAddr(String(json.devAddr));
  event.setAdr(Boolean(json.adr));
  event.setDr(Number(json.dr));
  event.setFCnt(Number(json.fCnt));
  event.setFPort(Number(json.fPort));
  event.setConfirmed(Boolean(json.confirmed));
  event.setData(String(json.data));
  if (json.object) event.setObject(struct(json.object as Record<string, unknown>));
  for (const rx of json.rxInfo as { gatewayId: string; rssi: number; snr: number; channel: number }[]) {
    const info = new gwPb.UplinkRxInfo();
    info.setGatewayId(rx.gatewayId);
    info.setRssi(rx.rssi);
    info.setSnr(rx.snr);
    info.setChannel(rx.channel);
    event.addRxInfo(info);
  }
  const tx = json.txInfo as { frequency: number; modulation: { lora: { bandwidth: number; spreadingFactor: number } } };
  const txInfo = new gwPb.UplinkTxInfo();
  txInfo.setFrequency(tx.frequency);
  const modulation = new gwPb.Modulation();
  const lora = new gwPb.LoraModulationInfo();
  lora.setBandwidth(tx.modulation.lora.bandwidth);
  lora.setSpreadingFactor(tx.modulation.lora.spreadingFactor);
  lora.setCodeRate(gwPb.CodeRate.CR_4_5);
  modulation.setLora(lora);
  txInfo.setModulation(modulation);
  event.setTxInfo(txInfo);
  return event.serializeBinary();
}

/** The Protobuf encoding of a `log` event (level and code travel as enum numbers there). */
export function logProtobuf(json: ChirpstackJson): Uint8Array {
  const event = new integrationPb.LogEvent();
  const info = new integrationPb.DeviceInfo();
  info.setDevEui(json.deviceInfo.devEui);
  event.setDeviceInfo(info);
  event.setTime(timestamp(String(json.time)));
  event.setLevel(integrationPb.LogLevel[json.level as keyof typeof integrationPb.LogLevel]);
  event.setCode(integrationPb.LogCode[json.code as keyof typeof integrationPb.LogCode]);
  event.setDescription(String(json.description));
  for (const [key, value] of Object.entries(json.context as Record<string, string>)) event.getContextMap().set(key, value);
  return event.serializeBinary();
}
