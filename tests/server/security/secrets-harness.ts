import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database.js';
import { migrateToLatest } from '../../../server/src/db/migrate.js';
import { sharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';

/**
 * One database the test starts the app on several times, as restarts of one installation:
 * a SQLite file in its own DATA_DIR, or a PostgreSQL database of its own.
 */
export interface Installation {
  dataDir: string;
  /** A fresh connection to the database (an app built on it closes it). */
  open(): Promise<DatabaseHandle>;
  /** Builds the app with these settings (SECRET_KEY, SECRET_KEY_FILE …); rejects as a start would fail. */
  start(env?: Record<string, string>): Promise<FastifyInstance>;
  /** Closes an app this installation started (a node stopping). */
  stop(app: FastifyInstance): Promise<void>;
  drop(): Promise<void>;
}

export async function installation(prefix: string): Promise<Installation> {
  const shared: SharedDatabase = await sharedDatabase(prefix);
  await shared.handle.close();
  const dataDir = shared.env.DATA_DIR as string;
  const databaseUrl = shared.env.DATABASE_URL;
  const open = () => openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: path.join(dataDir, 'lora-console.sqlite') });
  const apps: FastifyInstance[] = [];
  return {
    dataDir,
    open,
    async start(env = {}) {
      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
      const database = await open();
      await migrateToLatest(database.db);
      try {
        const app = await buildApp({ config, database, logger: false });
        apps.push(app);
        return app;
      } catch (error) {
        await database.close();
        throw error;
      }
    },
    async stop(app) {
      apps.splice(apps.indexOf(app), 1);
      await app.close();
    },
    async drop() {
      for (const app of apps) await app.close();
      await shared.drop();
    },
  };
}
