import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const VersionResponse = Type.Object({ name: Type.String(), version: Type.String() });

// server/package.json sits one level above both src/ (tests) and dist/ (production).
const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as {
  version: string;
};

export const backendVersion = manifest.version;

/** Backend version for the console's Info screen; public so it also tells "backend online". */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/version', { schema: { tags: ['info'], response: { 200: VersionResponse } } }, async () => ({
    name: 'lora-console-server',
    version: backendVersion,
  }));
}
