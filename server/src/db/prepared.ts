import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import type { Db } from './database.js';

/**
 * Builds and compiles a query once, then runs it with new values: Kysely's builder costs more
 * than SQLite's execution for small hot-path queries (ingest, API-key lookup). The query is
 * built with marker strings in place of the arguments; each compiled parameter that is a
 * marker takes the matching argument at run time, every other parameter stays as built.
 */
export function prepare<Args extends readonly (string | number | null)[], Row>(
  db: Db,
  arity: Args['length'],
  build: (...markers: string[]) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000prepared:${i}\u0000`);
  const compiled = build(...markers).compile();
  const slots = compiled.parameters.map((value) => (typeof value === 'string' ? markers.indexOf(value) : -1));
  if (markers.some((_, i) => !slots.includes(i))) throw new Error('prepare: every argument must become a query parameter');
  return async (...args) => {
    const query: CompiledQuery<Row> = { ...compiled, parameters: compiled.parameters.map((value, i) => (slots[i] === -1 ? value : args[slots[i] as number])) };
    const result: QueryResult<Row> = await db.executeQuery(query);
    return result.rows;
  };
}
