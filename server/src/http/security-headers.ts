import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { SECRET } from '../schemas/common.js';
import { API_POLICY, serializePolicy } from './content-security.js';

/** Whether a schema, or any schema inside it, is marked as a secret (schemas/common.ts `Secret`). */
function holdsSecret(schema: unknown, seen = new Set<unknown>()): boolean {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if ((schema as Record<string, unknown>)[SECRET] === true) return true;
  return Object.values(schema).some((child) => holdsSecret(child, seen));
}

const noStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('cache-control', 'no-store');
  return payload;
};

/** Adds no-store to a route whose declared answers carry a secret, so no cache on the way keeps it. */
function markSecretRoute(route: RouteOptions): void {
  const responses = (route.schema as { response?: unknown } | undefined)?.response;
  if (!holdsSecret(responses)) return;
  const existing = route.onSend;
  route.onSend = existing === undefined ? [noStore] : [...(Array.isArray(existing) ? existing : [existing]), noStore];
}

/**
 * The headers of an answer the router gives before any hook runs (http/error-handler.ts
 * `frameworkErrors`), which helmet therefore never sees.
 */
export const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': serializePolicy(API_POLICY),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * Security headers on every answer (issue #16): helmet with the API's Content-Security-Policy
 * (pages replace it with their own, http/static.ts), no framing, nosniff, no Referer sent
 * anywhere; and `Cache-Control: no-store` on every route whose answer schema holds a secret.
 * Registered before the routes, so its onRoute hook sees all of them.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', markSecretRoute);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Same-origin is helmet's default; CORS answers to a configured console origin are not affected.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
