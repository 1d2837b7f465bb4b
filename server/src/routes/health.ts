import type { FastifyInstance } from 'fastify';
import type { ReadinessCheck } from '../context.js';
import type { HealthRepository } from '../repositories/health.js';
import { LiveResponse, ReadyResponse } from '../schemas/health.js';

// A readiness probe must answer quickly, also while the database hangs.
const DATABASE_CHECK_MS = 2000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Probes for load balancers and orchestrators; public, like /api/version. */
export async function healthRoutes(app: FastifyInstance, deps: { health: HealthRepository; checks: readonly ReadinessCheck[] }): Promise<void> {
  const tags = ['info'];
  app.get(
    '/health/live',
    { schema: { operationId: 'getLiveness', summary: 'Whether the process is alive', security: [], tags, response: { 200: LiveResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Whether this node can take traffic',
        security: [],
        tags,
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'failing'> = {};
      try {
        await within(DATABASE_CHECK_MS, deps.health.answers());
        checks.database = 'ok';
        checks.migrations = (await within(DATABASE_CHECK_MS, deps.health.pendingMigrations())).length === 0 ? 'ok' : 'failing';
      } catch {
        checks.database = 'failing';
        checks.migrations = 'failing';
      }
      for (const check of deps.checks) checks[check.name] = check.ok() ? 'ok' : 'failing';
      const ready = Object.values(checks).every((state) => state === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}
