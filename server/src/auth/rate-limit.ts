import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config.js';
import { HttpProblem } from '../http/errors.js';
import type { RateCount, RateStore } from './rate-store.js';

/** The client address the limits count by: an IPv6 client by its /64 (what one subscriber gets). */
export const clientAddress = (request: FastifyRequest): string => normalizeIP(request.ip);

export const rateLimited = (seconds: number): HttpProblem => new HttpProblem(429, 'rateLimited', `Too many requests. Please try again in ${seconds} seconds.`);

/** Answers 429 with `retry-after` from inside a handler. */
export function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', String(seconds));
  throw rateLimited(seconds);
}

const secondsUntil = (at: number, now: () => Date): number => Math.max(1, Math.ceil((at - now().getTime()) / 1000));

/** Keys over their limit that a node remembers at most (the oldest is forgotten first). */
const EXHAUSTED_KEYS = 10_000;

/**
 * @fastify/rate-limit's store interface over ours; every route's limit shares the one store (keys
 * carry the limit's name). A key found over its limit is remembered on this node until its window
 * ends and refused without asking the store again: a window's count only grows, so the answer
 * cannot change, and a flood of refused requests costs the shared store (PostgreSQL) nothing.
 */
export function pluginStore(store: RateStore, now: () => Date): FastifyRateLimitStoreCtor {
  const exhausted = new Map<string, RateCount>();
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const at = now().getTime();
      const known = exhausted.get(key);
      if (known && known.resetAt > at) {
        callback(null, { current: known.hits + 1, ttl: known.resetAt - at });
        return;
      }
      exhausted.delete(key);
      store.hit(key, timeWindow).then(
        (count) => {
          if (count.hits > max) remember(exhausted, key, count);
          callback(null, { current: count.hits, ttl: Math.max(0, count.resetAt - now().getTime()) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

function remember(exhausted: Map<string, RateCount>, key: string, count: RateCount): void {
  exhausted.set(key, count);
  if (exhausted.size <= EXHAUSTED_KEYS) return;
  const oldest = exhausted.keys().next();
  if (!oldest.done) exhausted.delete(oldest.value);
}

/** Limits only the routes that ask for one (`config.rateLimit`), answering 429 in our error body with `retry-after`. */
export async function registerRateLimits(app: FastifyInstance, store: RateStore, now: () => Date): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: pluginStore(store, now),
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** A route's limit per client address, checked before the body is even read. */
export function perAddress(name: string, rule: RateLimitRule): RateLimitOptions {
  return { max: rule.max, timeWindow: rule.windowSeconds * 1000, hook: 'onRequest', keyGenerator: (request) => `${name}|${clientAddress(request)}` };
}

/** A route's limit per signed-in user and company (`:company_id`), checked once the identity is known. */
export function perUserAndCompany(name: string, rule: RateLimitRule): RateLimitOptions {
  return {
    max: rule.max,
    timeWindow: rule.windowSeconds * 1000,
    hook: 'preHandler',
    keyGenerator: (request) => `${name}|${request.identity.userId}|${(request.params as { company_id?: string }).company_id ?? ''}`,
  };
}

/**
 * Failed sign-ins per account, from whatever address: spreading guesses for one account over many
 * addresses does not help. Only failures count, so the account's owner signing in is never refused
 * by their own successes.
 */
export function accountFailures(store: RateStore, rule: RateLimitRule, now: () => Date) {
  const key = (email: string) => `signin-account|${email.toLowerCase()}`;
  return {
    /** Seconds until the account takes attempts again, 0 when it takes them now. */
    async waitSeconds(email: string): Promise<number> {
      const count = await store.peek(key(email));
      return count.hits >= rule.max ? secondsUntil(count.resetAt, now) : 0;
    },
    async fail(email: string): Promise<void> {
      await store.hit(key(email), rule.windowSeconds * 1000);
    },
  };
}

export type AccountFailures = ReturnType<typeof accountFailures>;
