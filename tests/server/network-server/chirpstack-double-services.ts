import { status, type handleUnaryCall, type UntypedServiceImplementation } from '@grpc/grpc-js';
import type { IApplicationServiceServer } from '@chirpstack/chirpstack-api/api/application_grpc_pb.js';
import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import type { IDeviceProfileServiceServer } from '@chirpstack/chirpstack-api/api/device_profile_grpc_pb.js';
import deviceProfilePb from '@chirpstack/chirpstack-api/api/device_profile_pb.js';
import type { IGatewayServiceServer } from '@chirpstack/chirpstack-api/api/gateway_grpc_pb.js';
import gatewayPb from '@chirpstack/chirpstack-api/api/gateway_pb.js';
import { DoubleError, DoubleStore, empty, eui64, notFound, timestamp, uuid } from './chirpstack-double-store.js';

/**
 * The ChirpStack double's application, device-profile and gateway services (the device service is in
 * chirpstack-double-device-service.ts). Each handler follows its counterpart in chirpstack/src/api:
 * parse the ids, check the key's access, then the storage. Methods not here are answered
 * UNIMPLEMENTED by grpc-js.
 */

export type ServiceName = 'ApplicationService' | 'DeviceProfileService' | 'DeviceService' | 'GatewayService';
/** A method as the proto names it, e.g. `DeviceService/CreateKeys`. */
export type MethodName = `${ServiceName}/${string}`;

/** Wraps a handler: records the call, applies the switches and the bearer check, turns DoubleError into a status. */
export type Unary = <Req extends { toObject(): object }, Res>(method: MethodName, handle: (request: Req) => Res) => handleUnaryCall<Req, Res>;

/** ChirpStack's validators (chirpstack/src/api/auth/validator.rs), for the one API key the double knows. */
export interface Access {
  /** Create and list calls name a tenant: an admin key may, a tenant key only for its own. */
  tenant(tenantId: string): void;
  /** Calls on one object: a tenant key may reach it only if its tenant owns it, so a missing one is denied alike. */
  object(ownerTenantId: string | undefined): void;
}

export const required = <T extends { clone(): T }>(value: T | undefined, name: string): T => {
  if (value === undefined) throw new DoubleError(status.INVALID_ARGUMENT, `${name} is missing`);
  return value.clone();
};
export const filled = <T>(message: T, fill: (message: T) => void): T => {
  fill(message);
  return message;
};

export function applicationService(store: DoubleStore, access: Access, unary: Unary): UntypedServiceImplementation {
  const owner = (id: string) => store.applications.get(id)?.getTenantId();
  const ownApplication = (id: string) => {
    const applicationId = uuid(id);
    access.object(owner(applicationId));
    return applicationId;
  };
  return {
    create: unary('ApplicationService/Create', (request) => {
      const application = required(request.getApplication(), 'application');
      application.setTenantId(uuid(application.getTenantId()));
      access.tenant(application.getTenantId());
      return filled(new applicationPb.CreateApplicationResponse(), (r) => r.setId(store.insertApplication(application)));
    }),
    get: unary('ApplicationService/Get', (request) => {
      const application = store.applications.get(ownApplication(request.getId()));
      if (!application) throw notFound(request.getId());
      return filled(new applicationPb.GetApplicationResponse(), (r) => r.setApplication(application.clone()));
    }),
    update: unary('ApplicationService/Update', (request) => {
      const application = required(request.getApplication(), 'application');
      const existing = store.applications.get(ownApplication(application.getId()));
      if (!existing) throw notFound(application.getId());
      application.setTenantId(existing.getTenantId());
      store.applications.set(existing.getId(), application);
      return empty();
    }),
    delete: unary('ApplicationService/Delete', (request) => {
      store.deleteApplication(ownApplication(request.getId()));
      return empty();
    }),
    list: unary('ApplicationService/List', (request) => {
      const tenantId = uuid(request.getTenantId());
      access.tenant(tenantId);
      const ofTenant = [...store.applications.values()].filter((a) => a.getTenantId() === tenantId);
      const { total, page } = DoubleStore.page(ofTenant, request.getLimit(), request.getOffset());
      return filled(new applicationPb.ListApplicationsResponse(), (r) => {
        r.setTotalCount(total);
        for (const a of page) {
          const item = r.addResult();
          item.setId(a.getId());
          item.setName(a.getName());
          item.setDescription(a.getDescription());
        }
      });
    }),
    createHttpIntegration: unary('ApplicationService/CreateHttpIntegration', (request) => {
      const integration = required(request.getIntegration(), 'integration');
      integration.setApplicationId(ownApplication(integration.getApplicationId()));
      store.insertIntegration(integration);
      return empty();
    }),
    getHttpIntegration: unary('ApplicationService/GetHttpIntegration', (request) => {
      const integration = store.integrations.get(ownApplication(request.getApplicationId()));
      if (!integration) throw notFound(request.getApplicationId());
      return filled(new applicationPb.GetHttpIntegrationResponse(), (r) => r.setIntegration(integration.clone()));
    }),
    updateHttpIntegration: unary('ApplicationService/UpdateHttpIntegration', (request) => {
      const integration = required(request.getIntegration(), 'integration');
      const id = ownApplication(integration.getApplicationId());
      if (!store.integrations.has(id)) throw notFound(id);
      integration.setApplicationId(id);
      store.integrations.set(id, integration);
      return empty();
    }),
    deleteHttpIntegration: unary('ApplicationService/DeleteHttpIntegration', (request) => {
      const id = ownApplication(request.getApplicationId());
      if (!store.integrations.delete(id)) throw notFound(id);
      return empty();
    }),
  } satisfies Partial<IApplicationServiceServer>;
}

export function deviceProfileService(store: DoubleStore, access: Access, unary: Unary): UntypedServiceImplementation {
  const ownProfile = (id: string) => {
    const profileId = uuid(id);
    access.object(store.profiles.get(profileId)?.getTenantId());
    return profileId;
  };
  return {
    create: unary('DeviceProfileService/Create', (request) => {
      const profile = required(request.getDeviceProfile(), 'device_profile');
      profile.setTenantId(uuid(profile.getTenantId()));
      access.tenant(profile.getTenantId());
      return filled(new deviceProfilePb.CreateDeviceProfileResponse(), (r) => r.setId(store.insertProfile(profile)));
    }),
    get: unary('DeviceProfileService/Get', (request) => {
      const profile = store.profiles.get(ownProfile(request.getId()));
      if (!profile) throw notFound(request.getId());
      return filled(new deviceProfilePb.GetDeviceProfileResponse(), (r) => r.setDeviceProfile(profile.clone()));
    }),
    update: unary('DeviceProfileService/Update', (request) => {
      const profile = required(request.getDeviceProfile(), 'device_profile');
      const existing = store.profiles.get(ownProfile(profile.getId()));
      if (!existing) throw notFound(profile.getId());
      profile.setTenantId(existing.getTenantId());
      store.profiles.set(existing.getId(), profile);
      return empty();
    }),
    delete: unary('DeviceProfileService/Delete', (request) => {
      store.deleteProfile(ownProfile(request.getId()));
      return empty();
    }),
    list: unary('DeviceProfileService/List', (request) => {
      const tenantId = uuid(request.getTenantId());
      access.tenant(tenantId);
      const ofTenant = [...store.profiles.values()].filter((p) => p.getTenantId() === tenantId);
      const { total, page } = DoubleStore.page(ofTenant, request.getLimit(), request.getOffset());
      return filled(new deviceProfilePb.ListDeviceProfilesResponse(), (r) => {
        r.setTotalCount(total);
        for (const p of page) {
          const item = r.addResult();
          item.setId(p.getId());
          item.setName(p.getName());
          item.setRegion(p.getRegion());
          item.setMacVersion(p.getMacVersion());
          item.setRegParamsRevision(p.getRegParamsRevision());
          item.setSupportsOtaa(p.getSupportsOtaa());
          item.setSupportsClassB(p.getSupportsClassB());
          item.setSupportsClassC(p.getSupportsClassC());
        }
      });
    }),
  } satisfies Partial<IDeviceProfileServiceServer>;
}

export function gatewayService(store: DoubleStore, access: Access, unary: Unary): UntypedServiceImplementation {
  const ownGateway = (id: string) => {
    const gatewayId = eui64(id);
    access.object(store.gateways.get(gatewayId)?.gateway.getTenantId());
    return gatewayId;
  };
  return {
    create: unary('GatewayService/Create', (request) => {
      const gateway = required(request.getGateway(), 'gateway');
      gateway.setTenantId(uuid(gateway.getTenantId()));
      access.tenant(gateway.getTenantId());
      gateway.setGatewayId(eui64(gateway.getGatewayId()));
      if (gateway.getDownlinkPriority() === 0) gateway.setDownlinkPriority(10);
      store.writeGateway(gateway, false);
      return empty();
    }),
    get: unary('GatewayService/Get', (request) => {
      const row = store.gateways.get(ownGateway(request.getGatewayId()));
      if (!row) throw notFound(request.getGatewayId());
      return filled(new gatewayPb.GetGatewayResponse(), (r) => {
        r.setGateway(row.gateway.clone());
        if (row.lastSeenAt) r.setLastSeenAt(timestamp(row.lastSeenAt));
      });
    }),
    update: unary('GatewayService/Update', (request) => {
      const gateway = required(request.getGateway(), 'gateway');
      const id = ownGateway(gateway.getGatewayId());
      const existing = store.gateways.get(id);
      if (!existing) throw notFound(id);
      gateway.setGatewayId(id);
      gateway.setTenantId(existing.gateway.getTenantId());
      store.writeGateway(gateway, true);
      return empty();
    }),
    delete: unary('GatewayService/Delete', (request) => {
      const id = ownGateway(request.getGatewayId());
      if (!store.gateways.delete(id)) throw notFound(id);
      return empty();
    }),
    list: unary('GatewayService/List', (request) => {
      // Without a tenant ChirpStack lists every gateway, which only an admin key may.
      const tenantId = request.getTenantId() === '' ? '' : uuid(request.getTenantId());
      access.tenant(tenantId);
      const rows = [...store.gateways.values()].filter((row) => tenantId === '' || row.gateway.getTenantId() === tenantId);
      const { total, page } = DoubleStore.page(
        rows.map((row) => ({ ...row, getName: () => row.gateway.getName() })),
        request.getLimit(),
        request.getOffset(),
      );
      return filled(new gatewayPb.ListGatewaysResponse(), (r) => {
        r.setTotalCount(total);
        for (const { gateway, lastSeenAt } of page) {
          const item = r.addResult();
          item.setTenantId(gateway.getTenantId());
          item.setGatewayId(gateway.getGatewayId());
          item.setName(gateway.getName());
          item.setDescription(gateway.getDescription());
          item.setDownlinkPriority(gateway.getDownlinkPriority());
          item.setState(lastSeenAt ? gatewayPb.GatewayState.ONLINE : gatewayPb.GatewayState.NEVER_SEEN);
          if (lastSeenAt) item.setLastSeenAt(timestamp(lastSeenAt));
        }
      });
    }),
  } satisfies Partial<IGatewayServiceServer>;
}
