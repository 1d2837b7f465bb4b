import type { preHandlerHookHandler } from 'fastify';
import { actingAs } from '../repositories/audit-actor.js';

/**
 * Makes the caller the author of every audit entry the request writes (repositories/audited.ts).
 * Callback style on purpose: the handler runs inside `done`, so the whole of it, and everything
 * it awaits, sees the actor. The address is Fastify's request.ip, which follows X-Forwarded-For
 * only from the proxies TRUST_PROXY lists.
 */
export const auditActor: preHandlerHookHandler = (request, _reply, done) => {
  const { identity } = request;
  actingAs({ userId: identity.userId, apiKeyId: identity.apiKeyId, address: request.ip }, done);
};
