import type { CompanyPlansRepository } from '../repositories/company-plans.js';
import { NodeCache } from './node-cache.js';

/** Whether the operator has suspended the company (issue #17); an unknown company is not. */
export type SuspensionCheck = (companyId: string) => Promise<boolean>;

/**
 * The suspension check of the hot paths (every network-server event over HTTP or MQTT, every
 * gateway connection), read once per `ttlMs` per company on this node (auth/node-cache.ts): a
 * suspension or resumption takes effect on every node within `ttlMs`.
 */
export function suspensionCheck(plans: Pick<CompanyPlansRepository, 'find'>, ttlMs: number, now: () => number = Date.now): SuspensionCheck {
  const cache = new NodeCache<boolean>(ttlMs);
  return (companyId) => cache.get(companyId, now(), async () => Boolean((await plans.find(companyId))?.suspended_at));
}
