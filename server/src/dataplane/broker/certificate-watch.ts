import type { Client } from 'aedes';
import type { GatewayCertificateRef } from './gateway-broker.js';

/**
 * How often the broker checks the certificates of connected gateways again. A certificate is
 * revoked by whichever API node issues a new one or deletes the gateway; that node's broker is
 * told at once (revocations.ts), every other node's learns of it from the database within this
 * time and drops the connection.
 */
export const CERTIFICATE_RECHECK_MS = 10_000;

export interface CertificateWatch {
  /** Checks at once (a revocation on this node); a check under way is followed by another. */
  checkNow(): void;
  stop(): void;
}

/** Every `everyMs`, and when asked, one query for all connected clients' certificates; those no longer admitted are handed to `revoked`. */
export function watchCertificates<Certificate = GatewayCertificateRef>(options: {
  everyMs: number;
  connected: () => { client: Client; certificate: Certificate }[];
  admitted: (certificates: Certificate[]) => Promise<Certificate[]>;
  revoked: (client: Client, certificate: Certificate) => void;
  onError: (error: unknown) => void;
}): CertificateWatch {
  let running = false;
  let again = false;
  const check = async () => {
    const connected = options.connected();
    if (connected.length === 0) return;
    const admitted = new Set(await options.admitted(connected.map((entry) => entry.certificate)));
    for (const { client, certificate } of connected) if (!admitted.has(certificate)) options.revoked(client, certificate);
  };
  const run = (urgent: boolean) => {
    // A slow database never piles checks on top of each other; a check asked for meanwhile runs
    // after the one under way, which may have read before the revocation was committed.
    if (running) {
      again ||= urgent;
      return;
    }
    running = true;
    check()
      .catch(options.onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run(false);
        }
      });
  };
  const timer = setInterval(() => run(false), options.everyMs);
  timer.unref();
  return { checkNow: () => run(true), stop: () => clearInterval(timer) };
}
