import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDatabase } from '../../../server/src/db/database.js';
import { migrateToLatest } from '../../../server/src/db/migrate.js';

export interface StaticApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * An app serving a console and a marketing build made of the given files (paths below a temporary
 * directory, e.g. `console/index.html`, `marketing/404.html`), on a fresh in-memory database.
 */
export async function createStaticApp(files: Record<string, string>): Promise<StaticApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-static-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, CONSOLE_DIR: path.join(dir, 'console'), MARKETING_DIR: path.join(dir, 'marketing') });
  const database = await openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: false, serveStatic: true });
  return {
    app,
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
