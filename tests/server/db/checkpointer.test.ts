import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../../server/src/db/checkpointer.js';
import { openDatabase } from '../../../server/src/db/database.js';

// SQLite only: checkpoints of the file's write-ahead log run in a worker thread, not in the
// connection that commits the ingest batches on the thread serving requests.
describe('SQLite checkpoints off the request thread', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-checkpoint-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const writer = (file: string) => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table if not exists readings (id integer primary key, value text not null)');
    const insert = sqlite.prepare('insert into readings (value) values (?)');
    return { sqlite, write: (n: number) => sqlite.transaction(() => Array.from({ length: n }, (_, i) => insert.run(`value ${i}`.repeat(20))))() };
  };

  it('turns automatic checkpoints off on the server connection of a file, and closes with its worker', async () => {
    const database = await openDatabase({ sqliteFile: path.join(dir, 'server.sqlite') });
    const rows = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows.rows).toEqual([{ wal_autocheckpoint: 0 }]);
    await database.close();
  });

  it('copies every frame the writer appended into the database file', async () => {
    const file = path.join(dir, 'copied.sqlite');
    const { sqlite, write } = writer(file);
    const errors: Error[] = [];
    const checkpointer = startCheckpointer({ file, busyTimeoutMs: 1000, intervalMs: 60_000, onError: (e) => errors.push(e), onStopped: (e) => errors.push(e) });
    write(2000);
    const result = await checkpointer.checkpoint();
    expect(result).toMatchObject({ busy: 0 });
    if ('error' in result) throw new Error(result.error);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    await checkpointer.close();
    sqlite.close();
    expect(errors).toEqual([]);
  });

  it('says so when its worker cannot work on the file, and still closes', async () => {
    const stopped = new Promise<Error>((resolve) => {
      const checkpointer = startCheckpointer({
        file: path.join(dir, 'missing.sqlite'),
        busyTimeoutMs: 1000,
        intervalMs: 60_000,
        onError: () => undefined,
        onStopped: (error) => {
          resolve(error);
          void checkpointer.close();
        },
      });
    });
    expect(String(await stopped)).toMatch(/SQLITE_CANTOPEN/);
  });
});
