import type { KeyValueStore } from '../../repositories/settings.js';
import { loadOrCreatePlatformCa, type PlatformCa } from './ca.js';
import { issueGatewayCertificate, type IssuedCertificate } from './issue.js';

export interface GatewayCertificates {
  /** The platform CA (created on first use). */
  ca(): Promise<PlatformCa>;
  issue(gatewayId: string): Promise<IssuedCertificate>;
}

/** Issues gateway certificates from the installation's CA, loading it once, on first need. */
export function gatewayCertificates(store: KeyValueStore, validityDays: number): GatewayCertificates {
  let ca: Promise<PlatformCa> | undefined;
  const load = () => {
    ca ??= loadOrCreatePlatformCa(store).catch((error: unknown) => {
      ca = undefined;
      throw error;
    });
    return ca;
  };
  return {
    ca: load,
    issue: async (gatewayId) => issueGatewayCertificate(await load(), gatewayId, { validityDays }),
  };
}
