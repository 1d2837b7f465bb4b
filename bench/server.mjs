// The server build an in-process benchmark measures: this checkout's server/dist, or another build's
// dist directory named by SERVER_DIST (main's, say, for a "before" figure; BENCH_SERVER_DIST, the name
// some recorded commands use, means the same).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const serverDist = path.resolve(process.env.SERVER_DIST ?? process.env.BENCH_SERVER_DIST ?? path.join(import.meta.dirname, '../server/dist'));

/** A module of that build, by its path in dist (`dataplane/codec/index.js`). */
export const load = (file) => import(pathToFileURL(path.join(serverDist, file)).href);

const [app, config, database, migrate] = await Promise.all([load('app.js'), load('config.js'), load('db/database.js'), load('db/migrate.js')]);

export const { buildApp } = app;
export const { loadConfig } = config;
export const { dropPostgresSchema, openDatabase } = database;
export const { migrateToLatest } = migrate;

/**
 * Folds the filter counts' changes (migration 0043) as a running server's folder does within seconds
 * (jobs/filter-count-folder.ts); a build from before them has none, and this does nothing there.
 */
export async function foldFilterCounts(db, dialect) {
  const [folder, counts] = await Promise.all([load('jobs/filter-count-folder.js'), load('repositories/device-filter-counts.js')]).catch((error) => {
    // Only a build without them is skipped; a module that is there but fails to load is the bench's failure.
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return [];
    throw error;
  });
  return folder ? new folder.FilterCountFolder(counts.deviceFilterCountsRepository(db, dialect)).run() : 0;
}
