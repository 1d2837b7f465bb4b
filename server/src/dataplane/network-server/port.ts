import type { MacVersion, Region, RegParamsRevision } from '../../domain/network.js';
import type { SyncErrorCode } from '../../schemas/messages.js';

/**
 * The network-server port (DESIGN §6): what the platform asks of the LoRaWAN network server. Two
 * adapters implement it: `chirpstack` (gRPC, @chirpstack/chirpstack-api) and `standalone` (no network
 * server; data arrives through the ingest API and nothing is provisioned).
 *
 * Every write is idempotent, so the outbox worker may repeat it after a crash: `put…` creates what
 * is missing and updates what exists; `delete…` of something already gone succeeds.
 */

/** A company, as a ChirpStack application. `remoteId` is the application id ChirpStack assigned, once known. */
export interface ApplicationSpec {
  remoteId: string | null;
  name: string;
  description: string;
}

/** A device profile. `remoteId` is ChirpStack's device-profile id, once known. */
export interface DeviceProfileSpec {
  remoteId: string | null;
  name: string;
  region: Region;
  macVersion: MacVersion;
  regParamsRevision: RegParamsRevision;
  supportsOtaa: boolean;
  supportsClassB: boolean;
  supportsClassC: boolean;
  /** Expected seconds between uplinks (ChirpStack marks a device inactive after it). */
  uplinkIntervalS: number;
  /** JavaScript codec (TS013 decodeUplink/encodeDownlink); empty means none. */
  codecScript: string;
}

export interface DeviceSpec {
  /** 16 upper-case hex digits. */
  devEui: string;
  joinEui: string;
  name: string;
  applicationId: string;
  deviceProfileId: string;
  macVersion: MacVersion;
  /** 32 upper-case hex digits: the root key, sent as nwkKey for LoRaWAN 1.0.x (and also as appKey for 1.1). */
  appKey: string;
}

export interface GatewaySpec {
  /** 16 upper-case hex digits. */
  gatewayId: string;
  name: string;
}

/** Where ChirpStack posts an application's events, and the header that authenticates it there. */
export interface HttpIntegrationSpec {
  applicationId: string;
  eventEndpointUrl: string;
  headers: Record<string, string>;
}

export interface DownlinkRequest {
  devEui: string;
  fPort: number;
  confirmed: boolean;
  data: Uint8Array;
}

/** What exists on the network server, for reconciliation. */
export interface RemoteDevice {
  devEui: string;
  name: string;
  joinEui: string;
  deviceProfileId: string;
  /** The root key as the network server holds it; null when it has no keys for the device. */
  nwkKey: string | null;
}

export interface RemoteDeviceProfile {
  remoteId: string;
  name: string;
}

export interface RemoteGateway {
  gatewayId: string;
  name: string;
  /** When the network server last heard from the gateway; null if never. */
  lastSeenAt: Date | null;
}

/** The wire codes (schemas/messages.ts) a network server's answer maps to; `not_configured` is standalone mode. */
export type NetworkServerErrorCode = Exclude<SyncErrorCode, 'profile_required'>;

/**
 * Why a call failed, as a stable code the console translates (gRPC status names of ChirpStack's
 * answers) and whether trying again later can help.
 */
export class NetworkServerError extends Error {
  constructor(
    readonly code: NetworkServerErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'NetworkServerError';
  }
}

export interface NetworkServer {
  readonly mode: 'standalone' | 'chirpstack';

  /** Creates the application when `remoteId` is null (or no longer exists there); returns its id. */
  putApplication(spec: ApplicationSpec): Promise<string>;
  deleteApplication(remoteId: string): Promise<void>;
  /** Creates or replaces the application's HTTP integration. */
  putHttpIntegration(spec: HttpIntegrationSpec): Promise<void>;

  putDeviceProfile(spec: DeviceProfileSpec): Promise<string>;
  deleteDeviceProfile(remoteId: string): Promise<void>;

  /** Creates or updates the device and its keys. */
  putDevice(spec: DeviceSpec): Promise<void>;
  deleteDevice(devEui: string): Promise<void>;

  putGateway(spec: GatewaySpec): Promise<void>;
  deleteGateway(gatewayId: string): Promise<void>;
  /** The gateway as the network server sees it; undefined when it does not know it. */
  getGateway(gatewayId: string): Promise<RemoteGateway | undefined>;

  /** Queues a downlink for the device; returns the network server's id of the queue item (what its ack and txack events name). */
  enqueueDownlink(request: DownlinkRequest): Promise<string>;
  flushDownlinkQueue(devEui: string): Promise<void>;

  /** Everything of the configured tenant, for reconciliation. */
  listApplicationIds(): Promise<string[]>;
  listDevices(applicationId: string): Promise<RemoteDevice[]>;
  listDeviceProfiles(): Promise<RemoteDeviceProfile[]>;
  listGateways(): Promise<RemoteGateway[]>;

  close(): void;
}
