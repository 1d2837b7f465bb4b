import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { processNodeName } from '../dataplane/node-name.js';
import { BulkJobRunner } from './bulk-job-runner.js';
import { FilterCountFolder } from './filter-count-folder.js';

/** How often an idle node looks for a queued job or one whose node died. */
const BULK_JOB_TICK_MS = 1000;
/** How often a node folds the filter counts' changes; an import's are folded within this long. */
const FILTER_COUNT_FOLD_MS = 5000;

/** Runs this node's bulk-job runner from ready to close (every node runs one; leases keep them apart). */
export function startBulkJobs(app: FastifyInstance, ctx: AppContext): BulkJobRunner {
  const runner = new BulkJobRunner({
    jobs: ctx.repos.bulkJobs,
    now: ctx.now,
    node: processNodeName(),
    leaseMs: ctx.config.bulkJobs.leaseMs,
    batchSize: ctx.config.bulkJobs.batchSize,
    network: ctx.networkServer.mode !== 'standalone',
    onError: (error) => app.log.warn({ err: error }, 'bulk job'),
  });
  ctx.bulkJobs = runner;
  app.addHook('onReady', async () => runner.start(BULK_JOB_TICK_MS));
  app.addHook('onClose', async () => runner.stop());
  return runner;
}

/** Runs this node's filter-count folder from ready to close (PostgreSQL only: SQLite's triggers leave nothing to fold). */
export function startFilterCountFolding(app: FastifyInstance, ctx: AppContext): void {
  const folder = new FilterCountFolder(ctx.repos.deviceFilterCounts);
  app.addHook('onReady', async () => folder.start(FILTER_COUNT_FOLD_MS, (error) => app.log.warn({ err: error }, 'filter counts')));
  app.addHook('onClose', async () => folder.stop());
}
