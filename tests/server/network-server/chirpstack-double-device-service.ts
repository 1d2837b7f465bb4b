import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import type { IDeviceServiceServer } from '@chirpstack/chirpstack-api/api/device_grpc_pb.js';
import devicePb from '@chirpstack/chirpstack-api/api/device_pb.js';
import { aes128, DoubleStore, empty, eui64, notFound, uuid, type DeviceKeys } from './chirpstack-double-store.js';
import { filled, required, type Access, type Unary } from './chirpstack-double-services.js';

/** The ChirpStack double's device service (chirpstack/src/api/device.rs): devices, their keys and downlink queue. */
export function deviceService(store: DoubleStore, access: Access, unary: Unary): UntypedServiceImplementation {
  const applicationOwner = (id: string) => store.applications.get(id)?.getTenantId();
  const owner = (devEui: string) => {
    const device = store.devices.get(devEui);
    return device && applicationOwner(device.getApplicationId());
  };
  const ownDevice = (value: string) => {
    const devEui = eui64(value);
    access.object(owner(devEui));
    return devEui;
  };
  const normalisedKeys = (keys: DeviceKeys) => {
    keys.setDevEui(ownDevice(keys.getDevEui()));
    keys.setNwkKey(aes128(keys.getNwkKey()));
    keys.setAppKey(aes128(keys.getAppKey()));
    keys.setGenAppKey(aes128(keys.getGenAppKey()));
    return keys;
  };

  return {
    create: unary('DeviceService/Create', (request) => {
      const device = required(request.getDevice(), 'device');
      device.setDevEui(eui64(device.getDevEui()));
      device.setApplicationId(uuid(device.getApplicationId()));
      device.setDeviceProfileId(uuid(device.getDeviceProfileId()));
      device.setJoinEui(eui64(device.getJoinEui()));
      access.object(applicationOwner(device.getApplicationId()));
      store.writeDevice(device, false);
      return empty();
    }),
    get: unary('DeviceService/Get', (request) => {
      const device = store.devices.get(ownDevice(request.getDevEui()));
      if (!device) throw notFound(request.getDevEui());
      return filled(new devicePb.GetDeviceResponse(), (r) => r.setDevice(device.clone()));
    }),
    update: unary('DeviceService/Update', (request) => {
      const device = required(request.getDevice(), 'device');
      device.setDevEui(eui64(device.getDevEui()));
      device.setApplicationId(uuid(device.getApplicationId()));
      device.setDeviceProfileId(uuid(device.getDeviceProfileId()));
      device.setJoinEui(eui64(device.getJoinEui()));
      // The device, the application it may move to and its profile must all be the key's.
      access.object(owner(device.getDevEui()));
      access.object(applicationOwner(device.getApplicationId()));
      access.object(store.profiles.get(device.getDeviceProfileId())?.getTenantId());
      store.writeDevice(device, true);
      return empty();
    }),
    delete: unary('DeviceService/Delete', (request) => {
      store.deleteDevice(ownDevice(request.getDevEui()));
      return empty();
    }),
    list: unary('DeviceService/List', (request) => {
      const applicationId = uuid(request.getApplicationId());
      access.object(applicationOwner(applicationId));
      const ofApplication = [...store.devices.values()].filter((d) => d.getApplicationId() === applicationId);
      const { total, page } = DoubleStore.page(ofApplication, request.getLimit(), request.getOffset());
      return filled(new devicePb.ListDevicesResponse(), (r) => {
        r.setTotalCount(total);
        for (const d of page) {
          const item = r.addResult();
          item.setDevEui(d.getDevEui());
          item.setName(d.getName());
          item.setDescription(d.getDescription());
          item.setDeviceProfileId(d.getDeviceProfileId());
          item.setDeviceProfileName(store.profiles.get(d.getDeviceProfileId())?.getName() ?? '');
        }
      });
    }),

    createKeys: unary('DeviceService/CreateKeys', (request) => {
      store.writeKeys(normalisedKeys(required(request.getDeviceKeys(), 'device_keys')), false);
      return empty();
    }),
    getKeys: unary('DeviceService/GetKeys', (request) => {
      const keys = store.keys.get(ownDevice(request.getDevEui()));
      if (!keys) throw notFound(request.getDevEui());
      return filled(new devicePb.GetDeviceKeysResponse(), (r) => r.setDeviceKeys(keys.clone()));
    }),
    updateKeys: unary('DeviceService/UpdateKeys', (request) => {
      store.writeKeys(normalisedKeys(required(request.getDeviceKeys(), 'device_keys')), true);
      return empty();
    }),
    deleteKeys: unary('DeviceService/DeleteKeys', (request) => {
      const devEui = ownDevice(request.getDevEui());
      if (!store.keys.delete(devEui)) throw notFound(devEui);
      return empty();
    }),

    enqueue: unary('DeviceService/Enqueue', (request) => {
      const item = required(request.getQueueItem(), 'queue_item');
      const devEui = ownDevice(item.getDevEui());
      if (request.getFlushQueue())
        store.queue.set(
          devEui,
          (store.queue.get(devEui) ?? []).filter((queued) => queued.getIsPending()),
        );
      item.setDevEui(devEui);
      item.setIsPending(false);
      // ChirpStack keeps the application's frame counter only for a payload the application encrypted.
      if (!item.getIsEncrypted()) item.setFCntDown(0);
      return filled(new devicePb.EnqueueDeviceQueueItemResponse(), (r) => r.setId(store.enqueue(item)));
    }),
    getQueue: unary('DeviceService/GetQueue', (request) => {
      const items = store.queue.get(ownDevice(request.getDevEui())) ?? [];
      return filled(new devicePb.GetDeviceQueueItemsResponse(), (r) => {
        r.setTotalCount(items.length);
        r.setResultList(items.map((item) => item.clone()));
      });
    }),
    flushQueue: unary('DeviceService/FlushQueue', (request) => {
      store.queue.delete(ownDevice(request.getDevEui()));
      return empty();
    }),
  } satisfies Partial<IDeviceServiceServer>;
}
