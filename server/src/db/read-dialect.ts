import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { ReadParameter, ReadPool } from './read-pool.js';

/** Transactions belong to the main connection: a read inside a write transaction must see its writes. */
const noTransactions = () => Promise.reject(new Error('the read pool runs single reads; transactions run on the main connection'));

/** Every query of the read-only Kysely instance goes to the next free worker of the pool. */
class PoolConnection implements DatabaseConnection {
  constructor(private readonly pool: ReadPool) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.all(compiledQuery.sql, compiledQuery.parameters as readonly ReadParameter[])) as R[] };
  }

  // No repository streams its reads; Kysely asks every connection for this method.
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read pool does not stream');
  }
}

class PoolDriver implements Driver {
  private readonly connection: PoolConnection;

  constructor(private readonly pool: ReadPool) {
    this.connection = new PoolConnection(pool);
  }

  async init(): Promise<void> {}
  // One stateless connection serves every caller: the pool queues and spreads the queries.
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  beginTransaction = noTransactions;
  commitTransaction = noTransactions;
  rollbackTransaction = noTransactions;
  async destroy(): Promise<void> {
    await this.pool.close();
  }
}

/** SQLite's SQL, run by a ReadPool: the dialect of the read-only Kysely instance (database.ts). */
export class ReadPoolDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}

  createDriver(): Driver {
    return new PoolDriver(this.pool);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
