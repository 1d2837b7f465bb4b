import type { Client } from 'aedes';
import type { GatewayCertificateRef } from './gateway-broker.js';

/**
 * How often the broker checks the certificates of connected gateways again. A certificate is
 * revoked by whichever API node issues a new one or deletes the gateway; each node's broker
 * learns of it from the database within this time and drops the connection.
 */
export const CERTIFICATE_RECHECK_MS = 10_000;

export interface CertificateWatch {
  stop(): void;
}

/** Every `everyMs`, one query for all connected gateways; those no longer admitted are handed to `revoked`. */
export function watchCertificates(options: {
  everyMs: number;
  connected: () => { client: Client; certificate: GatewayCertificateRef }[];
  admitted: (certificates: GatewayCertificateRef[]) => Promise<GatewayCertificateRef[]>;
  revoked: (client: Client, certificate: GatewayCertificateRef) => void;
  onError: (error: unknown) => void;
}): CertificateWatch {
  let running = false;
  const check = async () => {
    const connected = options.connected();
    if (connected.length === 0) return;
    const admitted = new Set(await options.admitted(connected.map((entry) => entry.certificate)));
    for (const { client, certificate } of connected) if (!admitted.has(certificate)) options.revoked(client, certificate);
  };
  const timer = setInterval(() => {
    // A slow database never piles checks on top of each other.
    if (running) return;
    running = true;
    check()
      .catch(options.onError)
      .finally(() => (running = false));
  }, options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
