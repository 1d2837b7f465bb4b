import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
 * Keys a node has seen over their limit, until their window ends. A window's count only grows, so
 * the answer cannot change: such a key is refused without asking the store again, and a flood of
 * refused requests costs the shared store (PostgreSQL) nothing.
 */
export class ExhaustedKeys {
  private readonly keys = new Map<string, RateCount>();

  constructor(private readonly now: () => Date) {}

  /** The key's count while it is over its limit, undefined once its window has ended. */
  refusal(key: string): RateCount | undefined {
    const known = this.keys.get(key);
    if (known && known.resetAt > this.now().getTime()) return known;
    if (known) this.keys.delete(key);
    return undefined;
  }

  remember(key: string, count: RateCount): void {
    this.keys.set(key, count);
    if (this.keys.size <= EXHAUSTED_KEYS) return;
    const oldest = this.keys.keys().next();
    if (!oldest.done) this.keys.delete(oldest.value);
  }
}

/** @fastify/rate-limit's store interface over ours; every route's limit shares the one store (keys carry the limit's name). */
export function pluginStore(store: RateStore, now: () => Date, exhausted = new ExhaustedKeys(now)): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const known = exhausted.refusal(key);
      if (known) {
        callback(null, { current: known.hits + 1, ttl: known.resetAt - now().getTime() });
        return;
      }
      store.hit(key, timeWindow).then(
        (count) => {
          if (count.hits > max) exhausted.remember(key, count);
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

/** Limits only the routes that ask for one (`config.rateLimit`), answering 429 in our error body with `retry-after`. */
export async function registerRateLimits(app: FastifyInstance, store: RateStore, now: () => Date): Promise<ExhaustedKeys> {
  const exhausted = new ExhaustedKeys(now);
  await app.register(fastifyRateLimit, {
    global: false,
    store: pluginStore(store, now, exhausted),
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  return exhausted;
}

/** A route's limit per client address, checked before the body is even read. */
export function perAddress(name: string, rule: RateLimitRule): RateLimitOptions {
  return { max: rule.max, timeWindow: rule.windowSeconds * 1000, hook: 'onRequest', keyGenerator: (request) => `${name}|${clientAddress(request)}` };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Names a limit per user and company, so a user over it is refused before the session is looked up. */
    userRateLimit?: string;
  }
}

const userCompanyKey = (name: string, userId: string, request: FastifyRequest): string =>
  `${name}|${userId}|${(request.params as { company_id?: string }).company_id ?? ''}`;

/** A route's limit per signed-in user and company (`:company_id`), counted once the identity is known. */
export function perUserAndCompany(name: string, rule: RateLimitRule): { rateLimit: RateLimitOptions; userRateLimit: string } {
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      hook: 'preHandler',
      keyGenerator: (request) => userCompanyKey(name, request.identity.userId, request),
    },
    userRateLimit: name,
  };
}

/**
 * Runs before the session check of every protected route: a user this node already knows to be
 * over a per-user limit is refused on the strength of their signed access token alone, without the
 * session lookup and membership check a flood of refused requests would otherwise cost the
 * database. `claimedUser` verifies the token's signature; anything else goes the normal way.
 */
export function refuseExhaustedUsers(
  exhausted: ExhaustedKeys,
  claimedUser: (request: FastifyRequest) => string | undefined,
  now: () => Date,
): onRequestHookHandler {
  return async (request, reply) => {
    const name = request.routeOptions.config.userRateLimit;
    if (!name) return;
    const userId = claimedUser(request);
    const known = userId ? exhausted.refusal(userCompanyKey(name, userId, request)) : undefined;
    if (known) refuse(reply, secondsUntil(known.resetAt, now));
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
