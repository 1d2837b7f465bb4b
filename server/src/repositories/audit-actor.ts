import { AsyncLocalStorage } from 'node:async_hooks';

/** Who acts in the current request, and from where (the address as Fastify resolves it, TRUST_PROXY honoured). */
export interface AuditActor {
  userId: string;
  /** Set when the request authenticated with an API key: the key is the actor. */
  apiKeyId?: string | undefined;
  address: string;
}

const current = new AsyncLocalStorage<AuditActor>();

/** Runs `work` with `actor` as the author of every audit entry it writes (one Fastify hook sets it per request). */
export function actingAs<T>(actor: AuditActor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor of the current request; undefined for background work (the data plane, the CLI). */
export function currentActor(): AuditActor | undefined {
  return current.getStore();
}
