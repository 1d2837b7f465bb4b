import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import type { WebhookDeliveriesTable } from '../db/schema.js';
import { eventRow, gatewaysOf, inLockOrder, uplinkRows, type QueuedUplink, type SeenState, type UplinkWrite } from './uplink-rows.js';
import { uplinkStatements, type UplinkStatements } from './uplink-statements.js';
import type { RuleStage, RuleUplink } from './rule-states.js';
import { timeOrderedId } from './time-ordered-id.js';
import { pendingDelivery } from './webhooks.js';

export type { UplinkWrite } from './uplink-rows.js';

/** `duplicate`: the uplink's event was stored before (same key), so nothing was written. */
export type WriteOutcome = 'stored' | 'duplicate';

type Transaction = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

interface Job extends QueuedUplink {
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
}

/** Messages committed together at most; a busy moment fills a batch, a quiet one flushes at once. */
const MAX_BATCH = 200;
const CHUNK = 400;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Group commit for uplinks: the messages that arrive while one transaction runs are written
 * together in the next one (one statement per table, not per message). Every caller is answered
 * only after the transaction holding its message committed; if a batch fails, each message is
 * retried alone so one bad message cannot take the others down.
 *
 * Exactly once: each uplink's event row goes first, and a row whose key the device already has is
 * skipped by the database (unique key, so it holds across API nodes and restarts); only uplinks
 * whose row is new write their topics, time series, frame and webhook deliveries, in the same
 * transaction.
 */
export class UplinkWriter {
  private queue: Job[] = [];
  private flushing = false;
  private readonly statements: UplinkStatements;

  constructor(
    private readonly db: Db,
    dialect: Dialect,
  ) {
    this.statements = uplinkStatements(dialect);
  }

  write(uplink: UplinkWrite): Promise<WriteOutcome> {
    return new Promise((resolve, reject) => {
      // The event's id is its frame's too. Ids in the order they are made land at the end of both
      // tables' primary-key indexes instead of on a random leaf each: a third fewer of the events'
      // pages written per uplink (bench/RESULTS.md), and no random reads once those indexes outgrow the cache.
      this.queue.push({ ...uplink, eventId: timeOrderedId(Date.now()), resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    // Let the requests already in flight join this batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const fresh = await this.commit(batch);
        for (const job of batch) job.resolve(fresh.has(job.eventId) ? 'stored' : 'duplicate');
      } catch {
        for (const job of batch) await this.alone(job);
      }
    }
    this.flushing = false;
  }

  /**
   * A message of a failed batch, written alone. If its rule evaluation is what fails, the failure
   * is reported and the message is stored without it: the data must not be lost to a rule.
   */
  private async alone(job: Job): Promise<void> {
    try {
      const fresh = await this.commit([job]);
      job.resolve(fresh.has(job.eventId) ? 'stored' : 'duplicate');
    } catch (error) {
      if (!job.rules) return job.reject(error);
      job.rules.stage.failed(error);
      await this.commit([{ ...job, rules: undefined }]).then((fresh) => job.resolve(fresh.has(job.eventId) ? 'stored' : 'duplicate'), job.reject);
    }
  }

  /** Writes a batch; answers the event ids that were new. */
  private async commit(jobs: readonly Job[]): Promise<Set<string>> {
    // A redelivery racing its original can land in the same batch: one of each key goes in.
    const keys = new Set<string>();
    const candidates = jobs.filter((job) => {
      if (job.event.key === null) return true;
      const key = `${job.device.id}\u0000${job.at}\u0000${job.event.key}`;
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    });
    const after: (() => void)[] = [];
    const inserted = await this.db.transaction().execute(async (trx) => {
      const inserted = new Set<string>();
      for (const part of chunks(inLockOrder(candidates.map(eventRow)))) {
        const { rows } = await trx.executeQuery(this.statements.events(part));
        for (const row of rows) inserted.add(row.id);
      }
      const fresh = candidates.filter((job) => inserted.has(job.eventId));
      // Before the topics are written: a rule reads the values a device had before this batch.
      after.push(...(await evaluateRules(trx, fresh)));
      await writeUplinks(trx, this.statements, fresh);
      await queueWebhooks(trx, fresh);
      return inserted;
    });
    for (const committed of after) committed();
    return inserted;
  }
}

/** The rule evaluations of the new uplinks, each stage with its uplinks in order; answers what each does once committed. */
async function evaluateRules(trx: Transaction, jobs: readonly Job[]): Promise<(() => void)[]> {
  const stages = new Map<RuleStage, RuleUplink[]>();
  for (const job of jobs) {
    if (!job.rules) continue;
    const uplinks = stages.get(job.rules.stage) ?? [];
    uplinks.push(job.rules.uplink);
    stages.set(job.rules.stage, uplinks);
  }
  const after: (() => void)[] = [];
  for (const [stage, uplinks] of stages) after.push(await stage.evaluate(trx, uplinks));
  return after;
}

/** `case id when … then … end`: one value per device, so one statement updates every device of a batch. */
function perDevice(values: readonly (readonly [string, string | number | null])[], type: 'text' | 'integer') {
  return sql<never>`case id ${sql.join(
    values.map(([id, value]) => sql`when ${id} then cast(${value} as ${sql.raw(type)})`),
    sql` `,
  )} end`;
}

/** Moves last seen (and the uplink interval) of the batch's devices forward, in one statement per chunk. */
async function markSeen(trx: Transaction, seen: ReadonlyMap<string, SeenState>): Promise<void> {
  const moved: [string, SeenState & { last_seen: string }][] = [];
  for (const [id, state] of seen) if (state.moved && state.last_seen !== null) moved.push([id, { ...state, last_seen: state.last_seen }]);
  // In id order on every node, like the batch's other rows (no deadlock between nodes on PostgreSQL).
  moved.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const part of chunks(moved)) {
    const lastSeen = perDevice(
      part.map(([id, state]) => [id, state.last_seen]),
      'text',
    );
    await trx
      .updateTable('devices')
      .set({
        last_seen: lastSeen,
        uplink_interval_s: perDevice(
          part.map(([id, state]) => [id, state.uplink_interval_s]),
          'integer',
        ),
      })
      .where(
        'id',
        'in',
        part.map(([id]) => id),
      )
      // A late, older message never sets last seen back.
      .where((eb) => eb.or([eb('last_seen', 'is', null), eb('last_seen', '<', lastSeen)]))
      .execute();
  }
}

async function writeUplinks(trx: Transaction, statements: UplinkStatements, jobs: readonly Job[]): Promise<void> {
  const named = gatewaysOf(jobs);
  const registered = named.length === 0 ? [] : await trx.selectFrom('gateways').select('gateway_id').where('gateway_id', 'in', named).execute();
  const { topics, samples, frames, receptions, seen } = uplinkRows(jobs, new Set(registered.map((row) => row.gateway_id)));
  await markSeen(trx, seen);
  for (const part of chunks(topics)) await trx.executeQuery(statements.topics(part));
  for (const part of chunks(samples)) await trx.executeQuery(statements.samples(part));
  for (const part of chunks(frames)) await trx.executeQuery(statements.frames(part));
  for (const part of chunks(receptions)) await trx.executeQuery(statements.receptions(part));
}

/** One delivery per enabled webhook of each uplink's company, committed with the uplink (so a redelivered uplink queues none). */
async function queueWebhooks(trx: Transaction, jobs: readonly Job[]): Promise<void> {
  const hooked = jobs.filter((job) => job.webhook !== undefined);
  if (hooked.length === 0) return;
  const companies = [...new Set(hooked.map((job) => job.device.company_id))];
  const hooks = await trx.selectFrom('webhooks').select(['id', 'company_id']).where('enabled', '=', 1).where('company_id', 'in', companies).execute();
  if (hooks.length === 0) return;
  const deliveries: WebhookDeliveriesTable[] = [];
  for (const job of hooked) {
    if (!job.webhook) continue;
    const { payload, queuedAt: at } = job.webhook;
    const body = JSON.stringify(payload);
    for (const hook of hooks) {
      if (hook.company_id !== job.device.company_id) continue;
      deliveries.push(pendingDelivery(hook.id, body, at));
    }
  }
  for (const part of chunks(deliveries)) await trx.insertInto('webhook_deliveries').values(part).execute();
}
