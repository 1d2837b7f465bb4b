import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import deviceProfilePb from '@chirpstack/chirpstack-api/api/device_profile_pb.js';
import gatewayPb from '@chirpstack/chirpstack-api/api/gateway_pb.js';
import commonPb from '@chirpstack/chirpstack-api/common/common_pb.js';
import { isLorawan11 } from '../../domain/network.js';
import type { DeviceProfileSpec, DeviceSpec, GatewaySpec, HttpIntegrationSpec } from './port.js';

/**
 * The port's records as ChirpStack's protobuf messages and back. ChirpStack accepts EUIs and keys in
 * either case and writes them lower-case; the platform holds them upper-case.
 */

export type Device = InstanceType<typeof devicePb.Device>;
export type DeviceKeys = InstanceType<typeof devicePb.DeviceKeys>;
export type DeviceProfile = InstanceType<typeof deviceProfilePb.DeviceProfile>;
export type Gateway = InstanceType<typeof gatewayPb.Gateway>;

export const toChirpstackHex = (hex: string): string => hex.toLowerCase();
export const fromChirpstackHex = (hex: string): string => hex.toUpperCase();

/** Fills a freshly constructed message (jspb setters return nothing, so they do not chain). */
export function message<T>(empty: T, fill: (message: T) => void): T {
  fill(empty);
  return empty;
}

/** A request addressed to one device. */
export const byDevEui = <T extends { setDevEui(devEui: string): void }>(request: T, devEui: string): T =>
  message(request, (r) => r.setDevEui(toChirpstackHex(devEui)));

/** What ChirpStack's own console sets on a new profile; later puts change only the fields the platform owns. */
export function newDeviceProfile(tenantId: string): DeviceProfile {
  return message(new deviceProfilePb.DeviceProfile(), (profile) => {
    profile.setTenantId(tenantId);
    profile.setAdrAlgorithmId('default');
    profile.setFlushQueueOnActivate(true);
    profile.setDeviceStatusReqInterval(1);
    profile.setAutoDetectMeasurements(true);
  });
}

/** Seconds a class B/C device has to confirm a downlink, ChirpStack's console default. */
const CONFIRMATION_TIMEOUT_S = 5;

export function applyDeviceProfile(profile: DeviceProfile, spec: DeviceProfileSpec): void {
  profile.setName(spec.name);
  profile.setRegion(commonPb.Region[spec.region]);
  profile.setMacVersion(commonPb.MacVersion[spec.macVersion]);
  profile.setRegParamsRevision(commonPb.RegParamsRevision[spec.regParamsRevision]);
  profile.setSupportsOtaa(spec.supportsOtaa);
  profile.setSupportsClassB(spec.supportsClassB);
  profile.setSupportsClassC(spec.supportsClassC);
  if (spec.supportsClassB && profile.getClassBTimeout() === 0) profile.setClassBTimeout(CONFIRMATION_TIMEOUT_S);
  if (spec.supportsClassC && profile.getClassCTimeout() === 0) profile.setClassCTimeout(CONFIRMATION_TIMEOUT_S);
  profile.setUplinkInterval(spec.uplinkIntervalS);
  const hasCodec = spec.codecScript.trim() !== '';
  profile.setPayloadCodecRuntime(hasCodec ? deviceProfilePb.CodecRuntime.JS : deviceProfilePb.CodecRuntime.NONE);
  profile.setPayloadCodecScript(hasCodec ? spec.codecScript : '');
}

export function applyDevice(device: Device, spec: DeviceSpec): void {
  device.setDevEui(toChirpstackHex(spec.devEui));
  device.setName(spec.name);
  device.setApplicationId(spec.applicationId);
  device.setDeviceProfileId(spec.deviceProfileId);
  device.setJoinEui(toChirpstackHex(spec.joinEui));
}

/** ChirpStack's convention: the LoRaWAN 1.0.x AppKey is its nwk_key; a 1.1 device gets the root key as both. */
export function applyDeviceKeys(keys: DeviceKeys, spec: DeviceSpec): void {
  const rootKey = toChirpstackHex(spec.appKey);
  keys.setDevEui(toChirpstackHex(spec.devEui));
  keys.setNwkKey(rootKey);
  // Empty is ChirpStack's "not set" (all zeros), so a device moved back to 1.0.x loses its 1.1 AppKey.
  keys.setAppKey(isLorawan11(spec.macVersion) ? rootKey : '');
}

export function applyGateway(gateway: Gateway, spec: GatewaySpec): void {
  gateway.setGatewayId(toChirpstackHex(spec.gatewayId));
  gateway.setName(spec.name);
}

/** The interval the ChirpStack MQTT forwarder reports statistics at; ChirpStack calls a gateway offline after two missed. */
export const GATEWAY_STATS_INTERVAL_S = 30;

export function httpIntegration(spec: HttpIntegrationSpec): InstanceType<typeof applicationPb.HttpIntegration> {
  return message(new applicationPb.HttpIntegration(), (integration) => {
    integration.setApplicationId(spec.applicationId);
    integration.setEncoding(applicationPb.Encoding.JSON);
    integration.setEventEndpointUrl(spec.eventEndpointUrl);
    for (const [name, value] of Object.entries(spec.headers)) integration.getHeadersMap().set(name, value);
  });
}
