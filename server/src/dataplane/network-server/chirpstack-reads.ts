import applicationPb from '@chirpstack/chirpstack-api/api/application_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import deviceProfilePb from '@chirpstack/chirpstack-api/api/device_profile_pb.js';
import gatewayPb from '@chirpstack/chirpstack-api/api/gateway_pb.js';
import { byDevEui, fromChirpstackHex, message, toChirpstackHex } from './chirpstack-mapping.js';
import type { ChirpstackConnection } from './chirpstack-rpc.js';
import { NetworkServerError, type RemoteDevice, type RemoteDeviceProfile, type RemoteGateway } from './port.js';

/** ChirpStack's list calls return at most what is asked for; 100 is what its own console pages by. */
const PAGE_SIZE = 100;
/** Calls in flight at once when a list needs more calls per item (device details and keys). */
const DETAIL_CONCURRENCY = 8;

/** Resolves to undefined when the object is not there (NOT_FOUND, or not visible to a tenant key). */
export async function unlessMissing<T>(pending: Promise<T>): Promise<T | undefined> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof NetworkServerError && error.code === 'not_found') return undefined;
    throw error;
  }
}

async function everyPage<Item>(fetchPage: (limit: number, offset: number) => Promise<{ items: Item[]; total: number }>): Promise<Item[]> {
  const all: Item[] = [];
  for (;;) {
    const page = await fetchPage(PAGE_SIZE, all.length);
    all.push(...page.items);
    if (page.items.length < PAGE_SIZE || all.length >= page.total) return all;
  }
}

async function mapConcurrently<T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const toDate = (timestamp: { toDate(): Date } | undefined): Date | null => (timestamp ? timestamp.toDate() : null);

/** The adapter's reads: single objects (undefined when missing) and whole lists of the tenant, page by page. */
export function chirpstackReads({ applications, devices, profiles, gateways, call }: ChirpstackConnection, tenantId: string) {
  const getDevice = (devEui: string) => unlessMissing(call(devices, 'get', byDevEui(new devicePb.GetDeviceRequest(), devEui)));
  const getKeys = (devEui: string) => unlessMissing(call(devices, 'getKeys', byDevEui(new devicePb.GetDeviceKeysRequest(), devEui)));
  const getGateway = (gatewayId: string) =>
    unlessMissing(
      call(
        gateways,
        'get',
        message(new gatewayPb.GetGatewayRequest(), (r) => r.setGatewayId(toChirpstackHex(gatewayId))),
      ),
    );

  return {
    getDevice,
    getKeys,
    getApplication: (id: string) =>
      unlessMissing(
        call(
          applications,
          'get',
          message(new applicationPb.GetApplicationRequest(), (r) => r.setId(id)),
        ),
      ),
    getProfile: (id: string) =>
      unlessMissing(
        call(
          profiles,
          'get',
          message(new deviceProfilePb.GetDeviceProfileRequest(), (r) => r.setId(id)),
        ),
      ),
    getHttpIntegration: (applicationId: string) =>
      unlessMissing(
        call(
          applications,
          'getHttpIntegration',
          message(new applicationPb.GetHttpIntegrationRequest(), (r) => r.setApplicationId(applicationId)),
        ),
      ),
    getGateway,

    async remoteGateway(gatewayId: string): Promise<RemoteGateway | undefined> {
      const response = await getGateway(gatewayId);
      const gateway = response?.getGateway();
      if (!response || !gateway) return undefined;
      return { gatewayId: fromChirpstackHex(gateway.getGatewayId()), name: gateway.getName(), lastSeenAt: toDate(response.getLastSeenAt()) };
    },

    async listApplicationIds(): Promise<string[]> {
      const all = await everyPage(async (limit, offset) => {
        const request = message(new applicationPb.ListApplicationsRequest(), (r) => {
          r.setTenantId(tenantId);
          r.setLimit(limit);
          r.setOffset(offset);
        });
        const response = await call(applications, 'list', request);
        return { items: response.getResultList(), total: response.getTotalCount() };
      });
      return all.map((application) => application.getId());
    },

    async listDevices(applicationId: string): Promise<RemoteDevice[]> {
      const all = await everyPage(async (limit, offset) => {
        const request = message(new devicePb.ListDevicesRequest(), (r) => {
          r.setApplicationId(applicationId);
          r.setLimit(limit);
          r.setOffset(offset);
        });
        const response = await call(devices, 'list', request);
        return { items: response.getResultList(), total: response.getTotalCount() };
      });
      // A list item has neither the JoinEUI nor the keys: each device is read once more.
      const details = await mapConcurrently(all, DETAIL_CONCURRENCY, async (item): Promise<RemoteDevice | undefined> => {
        const [device, keys] = await Promise.all([getDevice(item.getDevEui()), getKeys(item.getDevEui())]);
        const found = device?.getDevice();
        if (!found) return undefined; // deleted while we listed
        const nwkKey = keys?.getDeviceKeys()?.getNwkKey();
        return {
          devEui: fromChirpstackHex(found.getDevEui()),
          name: found.getName(),
          joinEui: fromChirpstackHex(found.getJoinEui()),
          deviceProfileId: found.getDeviceProfileId(),
          nwkKey: nwkKey ? fromChirpstackHex(nwkKey) : null,
        };
      });
      return details.filter((device) => device !== undefined);
    },

    async listDeviceProfiles(): Promise<RemoteDeviceProfile[]> {
      const all = await everyPage(async (limit, offset) => {
        const request = message(new deviceProfilePb.ListDeviceProfilesRequest(), (r) => {
          r.setTenantId(tenantId);
          // Without it ChirpStack adds the global (vendor) profiles, which are not the platform's.
          r.setTenantOnly(true);
          r.setLimit(limit);
          r.setOffset(offset);
        });
        const response = await call(profiles, 'list', request);
        return { items: response.getResultList(), total: response.getTotalCount() };
      });
      return all.map((profile) => ({ remoteId: profile.getId(), name: profile.getName() }));
    },

    async listGateways(): Promise<RemoteGateway[]> {
      const all = await everyPage(async (limit, offset) => {
        const request = message(new gatewayPb.ListGatewaysRequest(), (r) => {
          r.setTenantId(tenantId);
          r.setLimit(limit);
          r.setOffset(offset);
        });
        const response = await call(gateways, 'list', request);
        return { items: response.getResultList(), total: response.getTotalCount() };
      });
      return all.map((gateway) => ({
        gatewayId: fromChirpstackHex(gateway.getGatewayId()),
        name: gateway.getName(),
        lastSeenAt: toDate(gateway.getLastSeenAt()),
      }));
    },
  };
}
