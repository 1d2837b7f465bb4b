import { HttpProblem } from '../http/errors.js';
import { NetworkServerError } from '../dataplane/network-server/port.js';

/**
 * Runs a call the user waits for (a downlink, a reconciliation) and answers the network server's
 * failure as an API error: 409 without a network server, 503 when it cannot be reached (or refuses
 * our token), 422 when it refuses the request; its own message rides along.
 */
/** 409 networkServerRequired: asked of standalone mode, which has no network server to do it. */
export const networkServerRequired = (): HttpProblem => new HttpProblem(409, 'networkServerRequired', 'This needs a network server (set CHIRPSTACK_API_URL).');

export async function askNetworkServer<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NetworkServerError)) throw error;
    if (error.code === 'not_configured') throw networkServerRequired();
    if (error.retryable) throw new HttpProblem(503, 'networkServerUnavailable', `The network server cannot be reached: ${error.message}`);
    throw new HttpProblem(422, 'networkServerRefused', `The network server refused the request: ${error.message}`);
  }
}
