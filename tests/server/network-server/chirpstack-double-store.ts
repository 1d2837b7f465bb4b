import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import deviceProfilePb from '@chirpstack/chirpstack-api/api/device_profile_pb.js';
import gatewayPb from '@chirpstack/chirpstack-api/api/gateway_pb.js';

/**
 * The ChirpStack double's database: protobuf messages as ChirpStack stores them (EUIs and keys
 * lower-case), with ChirpStack v4's storage answers. Its words are quoted from chirpstack/src/storage:
 * a missing row is NOT_FOUND "Object does not exist (id: …)"; a duplicate or a broken foreign key is
 * INTERNAL with PostgreSQL's message (ChirpStack has no ALREADY_EXISTS path); a validation is
 * INVALID_ARGUMENT "Validation error: …".
 */

// The library nests its own google-protobuf; its generated code accepts only that copy's Empty and Timestamp.
const requireFromLibrary = createRequire(createRequire(import.meta.url).resolve('@chirpstack/chirpstack-api/api/device_pb.js'));
const { Empty } = requireFromLibrary('google-protobuf/google/protobuf/empty_pb.js') as typeof import('google-protobuf/google/protobuf/empty_pb.js');
const { Timestamp } = requireFromLibrary('google-protobuf/google/protobuf/timestamp_pb.js') as typeof import('google-protobuf/google/protobuf/timestamp_pb.js');

export type Application = InstanceType<typeof applicationPb.Application>;
export type HttpIntegration = InstanceType<typeof applicationPb.HttpIntegration>;
export type DeviceProfile = InstanceType<typeof deviceProfilePb.DeviceProfile>;
export type Device = InstanceType<typeof devicePb.Device>;
export type DeviceKeys = InstanceType<typeof devicePb.DeviceKeys>;
export type DeviceQueueItem = InstanceType<typeof devicePb.DeviceQueueItem>;
export type Gateway = InstanceType<typeof gatewayPb.Gateway>;
export type EmptyMessage = InstanceType<typeof Empty>;

/** A gRPC status the double answers with. */
export class DoubleError extends Error {
  constructor(
    readonly code: status,
    readonly details: string,
  ) {
    super(`${status[code]}: ${details}`);
  }
}

export const empty = (): EmptyMessage => new Empty();
export const timestamp = (date: Date): InstanceType<typeof Timestamp> => Timestamp.fromDate(date);

export const notFound = (id: string) => new DoubleError(status.NOT_FOUND, `Object does not exist (id: ${id})`);
const duplicateKey = (constraint: string) => new DoubleError(status.INTERNAL, `duplicate key value violates unique constraint "${constraint}"`);
const foreignKey = (table: string, constraint: string) =>
  new DoubleError(status.INTERNAL, `insert or update on table "${table}" violates foreign key constraint "${constraint}"`);
export const validation = (message: string) => new DoubleError(status.INVALID_ARGUMENT, `Validation error: ${message}`);

/** Hex as ChirpStack parses it (lrwn: either case, empty means zeros) and writes it (lower-case). */
function hex(value: string, bytes: number): string {
  if (value === '') return '00'.repeat(bytes);
  if (value.length !== bytes * 2) throw new DoubleError(status.INTERNAL, 'Invalid string length');
  if (!/^[0-9a-fA-F]+$/.test(value)) throw new DoubleError(status.INTERNAL, `Invalid character in ${JSON.stringify(value)}`);
  return value.toLowerCase();
}
export const eui64 = (value: string) => hex(value, 8);
export const aes128 = (value: string) => hex(value, 16);

export function uuid(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    throw new DoubleError(status.INVALID_ARGUMENT, `invalid UUID ${JSON.stringify(value)}`);
  return value.toLowerCase();
}

const byName = <T extends { getName(): string }>(a: T, b: T) => a.getName().localeCompare(b.getName());

/** Rows by primary key; what ChirpStack's tables and foreign keys would do on insert, update and delete. */
export class DoubleStore {
  readonly tenants = new Set<string>();
  readonly applications = new Map<string, Application>();
  readonly integrations = new Map<string, HttpIntegration>();
  readonly profiles = new Map<string, DeviceProfile>();
  readonly devices = new Map<string, Device>();
  readonly keys = new Map<string, DeviceKeys>();
  readonly gateways = new Map<string, { gateway: Gateway; lastSeenAt: Date | null }>();
  /** Per DevEUI, oldest first (ChirpStack sends in that order). */
  readonly queue = new Map<string, DeviceQueueItem[]>();

  insertApplication(application: Application): string {
    if (!this.tenants.has(application.getTenantId())) throw foreignKey('application', 'application_tenant_id_fkey');
    const id = randomUUID();
    application.setId(id);
    this.applications.set(id, application);
    return id;
  }

  deleteApplication(id: string): void {
    if (!this.applications.delete(id)) throw notFound(id);
    this.integrations.delete(id);
    for (const [devEui, device] of this.devices) if (device.getApplicationId() === id) this.deleteDevice(devEui);
  }

  insertIntegration(integration: HttpIntegration): void {
    const id = integration.getApplicationId();
    if (!this.applications.has(id)) throw foreignKey('application_integration', 'application_integration_application_id_fkey');
    if (this.integrations.has(id)) throw duplicateKey('application_integration_pkey');
    this.integrations.set(id, integration);
  }

  insertProfile(profile: DeviceProfile): string {
    if (!this.tenants.has(profile.getTenantId())) throw foreignKey('device_profile', 'device_profile_tenant_id_fkey');
    const id = randomUUID();
    profile.setId(id);
    this.profiles.set(id, profile);
    return id;
  }

  deleteProfile(id: string): void {
    if (!this.profiles.has(id)) throw notFound(id);
    if ([...this.devices.values()].some((device) => device.getDeviceProfileId() === id)) {
      throw new DoubleError(
        status.INTERNAL,
        'update or delete on table "device_profile" violates foreign key constraint "device_device_profile_id_fkey" on table "device"',
      );
    }
    this.profiles.delete(id);
  }

  /** Insert or update (`replace`) a device, with the references ChirpStack's foreign keys check. */
  writeDevice(device: Device, replace: boolean): void {
    const devEui = device.getDevEui();
    if (replace !== this.devices.has(devEui)) throw replace ? notFound(devEui) : duplicateKey('device_pkey');
    if (!this.applications.has(device.getApplicationId())) throw foreignKey('device', 'device_application_id_fkey');
    if (!this.profiles.has(device.getDeviceProfileId())) throw foreignKey('device', 'device_device_profile_id_fkey');
    this.devices.set(devEui, device);
  }

  deleteDevice(devEui: string): void {
    if (!this.devices.delete(devEui)) throw notFound(devEui);
    this.keys.delete(devEui);
    this.queue.delete(devEui);
  }

  writeKeys(keys: DeviceKeys, replace: boolean): void {
    const devEui = keys.getDevEui();
    if (replace !== this.keys.has(devEui)) throw replace ? notFound(devEui) : duplicateKey('device_keys_pkey');
    if (!this.devices.has(devEui)) throw foreignKey('device_keys', 'device_keys_dev_eui_fkey');
    this.keys.set(devEui, keys);
  }

  writeGateway(gateway: Gateway, replace: boolean): void {
    const id = gateway.getGatewayId();
    const existing = this.gateways.get(id);
    if (replace !== (existing !== undefined)) throw replace ? notFound(id) : duplicateKey('gateway_pkey');
    if (!this.tenants.has(gateway.getTenantId())) throw foreignKey('gateway', 'gateway_tenant_id_fkey');
    this.gateways.set(id, { gateway, lastSeenAt: existing?.lastSeenAt ?? null });
  }

  enqueue(item: DeviceQueueItem): string {
    const port = item.getFPort();
    if (port === 0 || port > 255) throw validation('FPort must be between 1 - 255');
    if (!this.devices.has(item.getDevEui())) throw foreignKey('device_queue_item', 'device_queue_item_dev_eui_fkey');
    item.setId(randomUUID());
    this.queue.set(item.getDevEui(), [...(this.queue.get(item.getDevEui()) ?? []), item]);
    return item.getId();
  }

  /** ChirpStack's list order (by name), then one page of it. */
  static page<T extends { getName(): string }>(rows: Iterable<T>, limit: number, offset: number): { total: number; page: T[] } {
    const all = [...rows].sort(byName);
    return { total: all.length, page: all.slice(offset, offset + limit) };
  }
}
