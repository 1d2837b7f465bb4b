import { NetworkServerError, type NetworkServer } from './port.js';

const notConnected = (): never => {
  throw new NetworkServerError('not_configured', 'No network server is configured (standalone mode): set CHIRPSTACK_API_URL.', false);
};

/**
 * Standalone mode, the default when no network server is configured: data arrives through the
 * ingest API and nothing is provisioned (no change is even recorded for it). Downlinks need a
 * network server, so asking for one fails with `not_configured`, which the console explains.
 */
export function standaloneNetworkServer(): NetworkServer {
  return {
    mode: 'standalone',
    putApplication: notConnected,
    deleteApplication: notConnected,
    putHttpIntegration: notConnected,
    putDeviceProfile: notConnected,
    deleteDeviceProfile: notConnected,
    putDevice: notConnected,
    deleteDevice: notConnected,
    putGateway: notConnected,
    deleteGateway: notConnected,
    getGateway: async () => undefined,
    enqueueDownlink: notConnected,
    flushDownlinkQueue: notConnected,
    listApplicationIds: notConnected,
    listDevices: notConnected,
    listDeviceProfiles: notConnected,
    listGateways: notConnected,
    close: () => undefined,
  };
}
