import type { Config } from '../../config.js';
import { createChirpstackNetworkServer } from './chirpstack.js';
import type { NetworkServer } from './port.js';
import { standaloneNetworkServer } from './standalone.js';

/** ChirpStack when CHIRPSTACK_API_URL is set, standalone otherwise (DESIGN §6). */
export function createNetworkServer(config: Config): NetworkServer {
  return config.chirpstack ? createChirpstackNetworkServer(config.chirpstack) : standaloneNetworkServer();
}
