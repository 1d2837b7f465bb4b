import { sql, SqliteAdapter, type Kysely } from 'kysely';

// The time series on SQLite keyed by device, then time, then topic (issue #23). Keyed by device,
// topic, time (0002), the samples an uplink writes (one per topic) each landed on a leaf of their
// own series, so an uplink of five topics rewrote five index pages; by time first they sit side by
// side on one. In a batch of 16 such uplinks that halved the pages the series wrote (8.5 → 3.9 per
// uplink) and the time the insert and its commit took (bench/RESULTS.md). A read of one topic now
// passes over the device's other topics in its time range, each checked on the index entry: a
// chart of 360 points of one of five topics 0.49 → 0.63 ms. The export reads one topic at a time
// (repositories/data-export.ts), so it keeps its order without sorting the range (it passes each
// index entry once per topic). On an existing file the index is built anew once: one pass over
// every sample at the first start after the update.
// PostgreSQL keeps 0002's index: its ingest is measured on its own and was not part of this change.

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

const replace = async (db: Kysely<unknown>, columns: string) => {
  await sql`DROP INDEX topic_samples_series_idx`.execute(db);
  await sql`CREATE INDEX topic_samples_series_idx ON topic_samples (${sql.raw(columns)})`.execute(db);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await replace(db, 'device_id, ts, topic');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await replace(db, 'device_id, topic, ts');
}
