import fs from 'node:fs';
import path from 'node:path';

// server/package.json sits one level above both src/ (tests) and dist/ (production).
const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };

/** The server's version (its package.json), for GET /api/version and the OpenAPI document. */
export const backendVersion = manifest.version;
