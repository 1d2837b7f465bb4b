import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import deviceProfilePb from '@chirpstack/chirpstack-api/api/device_profile_pb.js';
import gatewayPb from '@chirpstack/chirpstack-api/api/gateway_pb.js';
import type { ChirpstackConfig } from '../../config.js';
import {
  applyDevice,
  byDevEui,
  applyDeviceKeys,
  applyDeviceProfile,
  applyGateway,
  GATEWAY_STATS_INTERVAL_S,
  httpIntegration,
  message,
  newDeviceProfile,
  toChirpstackHex,
} from './chirpstack-mapping.js';
import { chirpstackReads, unlessMissing } from './chirpstack-reads.js';
import { CALL_TIMEOUT_MS, connectChirpstack } from './chirpstack-rpc.js';
import type { NetworkServer } from './port.js';

const deleted = async (pending: Promise<unknown>): Promise<void> => void (await unlessMissing(pending));

/**
 * The `chirpstack` adapter (DESIGN §6): the port over ChirpStack v4's gRPC API.
 *
 * Every put looks first and then creates or updates: ChirpStack v4 reports a duplicate create as
 * INTERNAL (the database's unique-key error), never ALREADY_EXISTS, so "create, then update on
 * conflict" cannot be relied on. Its updates replace the whole object, so a put changes only the
 * fields the platform owns on what it read, and ChirpStack keeps what operators set there (tags,
 * location, ADR settings).
 */
export function createChirpstackNetworkServer(config: ChirpstackConfig, options: { callTimeoutMs?: number } = {}): NetworkServer {
  const connection = connectChirpstack(config, options.callTimeoutMs ?? CALL_TIMEOUT_MS);
  const { applications, devices, profiles, gateways, call } = connection;
  const reads = chirpstackReads(connection, config.tenantId);

  return {
    mode: 'chirpstack',

    async putApplication(spec) {
      const existing = spec.remoteId === null ? undefined : (await reads.getApplication(spec.remoteId))?.getApplication();
      const application = existing ?? message(new applicationPb.Application(), (a) => a.setTenantId(config.tenantId));
      application.setName(spec.name);
      application.setDescription(spec.description);
      if (existing) {
        await call(
          applications,
          'update',
          message(new applicationPb.UpdateApplicationRequest(), (r) => r.setApplication(application)),
        );
        return existing.getId();
      }
      const created = await call(
        applications,
        'create',
        message(new applicationPb.CreateApplicationRequest(), (r) => r.setApplication(application)),
      );
      return created.getId();
    },

    deleteApplication: (remoteId) =>
      deleted(
        call(
          applications,
          'delete',
          message(new applicationPb.DeleteApplicationRequest(), (r) => r.setId(remoteId)),
        ),
      ),

    async putHttpIntegration(spec) {
      const exists = (await reads.getHttpIntegration(spec.applicationId)) !== undefined;
      const integration = httpIntegration(spec);
      if (exists) {
        await call(
          applications,
          'updateHttpIntegration',
          message(new applicationPb.UpdateHttpIntegrationRequest(), (r) => r.setIntegration(integration)),
        );
      } else {
        await call(
          applications,
          'createHttpIntegration',
          message(new applicationPb.CreateHttpIntegrationRequest(), (r) => r.setIntegration(integration)),
        );
      }
    },

    async putDeviceProfile(spec) {
      const existing = spec.remoteId === null ? undefined : (await reads.getProfile(spec.remoteId))?.getDeviceProfile();
      const profile = existing ?? newDeviceProfile(config.tenantId);
      applyDeviceProfile(profile, spec);
      if (existing) {
        await call(
          profiles,
          'update',
          message(new deviceProfilePb.UpdateDeviceProfileRequest(), (r) => r.setDeviceProfile(profile)),
        );
        return existing.getId();
      }
      const created = await call(
        profiles,
        'create',
        message(new deviceProfilePb.CreateDeviceProfileRequest(), (r) => r.setDeviceProfile(profile)),
      );
      return created.getId();
    },

    deleteDeviceProfile: (remoteId) =>
      deleted(
        call(
          profiles,
          'delete',
          message(new deviceProfilePb.DeleteDeviceProfileRequest(), (r) => r.setId(remoteId)),
        ),
      ),

    async putDevice(spec) {
      const existing = (await reads.getDevice(spec.devEui))?.getDevice();
      const device = existing ?? new devicePb.Device();
      applyDevice(device, spec);
      if (existing)
        await call(
          devices,
          'update',
          message(new devicePb.UpdateDeviceRequest(), (r) => r.setDevice(device)),
        );
      else
        await call(
          devices,
          'create',
          message(new devicePb.CreateDeviceRequest(), (r) => r.setDevice(device)),
        );

      const existingKeys = (await reads.getKeys(spec.devEui))?.getDeviceKeys();
      const keys = existingKeys ?? new devicePb.DeviceKeys();
      applyDeviceKeys(keys, spec);
      if (existingKeys)
        await call(
          devices,
          'updateKeys',
          message(new devicePb.UpdateDeviceKeysRequest(), (r) => r.setDeviceKeys(keys)),
        );
      else
        await call(
          devices,
          'createKeys',
          message(new devicePb.CreateDeviceKeysRequest(), (r) => r.setDeviceKeys(keys)),
        );
    },

    deleteDevice: (devEui) => deleted(call(devices, 'delete', byDevEui(new devicePb.DeleteDeviceRequest(), devEui))),

    async putGateway(spec) {
      const existing = (await reads.getGateway(spec.gatewayId))?.getGateway();
      const gateway =
        existing ??
        message(new gatewayPb.Gateway(), (g) => {
          g.setTenantId(config.tenantId);
          g.setStatsInterval(GATEWAY_STATS_INTERVAL_S);
        });
      applyGateway(gateway, spec);
      if (existing)
        await call(
          gateways,
          'update',
          message(new gatewayPb.UpdateGatewayRequest(), (r) => r.setGateway(gateway)),
        );
      else
        await call(
          gateways,
          'create',
          message(new gatewayPb.CreateGatewayRequest(), (r) => r.setGateway(gateway)),
        );
    },

    deleteGateway: (gatewayId) =>
      deleted(
        call(
          gateways,
          'delete',
          message(new gatewayPb.DeleteGatewayRequest(), (r) => r.setGatewayId(toChirpstackHex(gatewayId))),
        ),
      ),

    getGateway: (gatewayId) => reads.remoteGateway(gatewayId),

    async enqueueDownlink(request) {
      const item = message(byDevEui(new devicePb.DeviceQueueItem(), request.devEui), (i) => {
        i.setFPort(request.fPort);
        i.setConfirmed(request.confirmed);
        i.setData(request.data);
      });
      const response = await call(
        devices,
        'enqueue',
        message(new devicePb.EnqueueDeviceQueueItemRequest(), (r) => r.setQueueItem(item)),
      );
      return response.getId();
    },

    async flushDownlinkQueue(devEui) {
      await call(devices, 'flushQueue', byDevEui(new devicePb.FlushDeviceQueueRequest(), devEui));
    },

    listApplicationIds: () => reads.listApplicationIds(),
    listDevices: (applicationId) => reads.listDevices(applicationId),
    listDeviceProfiles: () => reads.listDeviceProfiles(),
    listGateways: () => reads.listGateways(),

    close: () => connection.close(),
  };
}
