import type { FastifyInstance } from 'fastify';
import { VersionResponse } from '../schemas/version.js';
import { backendVersion } from '../version.js';

/** Backend version for the console's Info screen; public so it also tells "backend online". */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/version',
    { schema: { operationId: 'getVersion', summary: "The server's version", security: [], tags: ['info'], response: { 200: VersionResponse } } },
    async () => ({
      name: 'lora-console-server',
      version: backendVersion,
    }),
  );
}
