import type { Dialect } from './database.js';

/**
 * A statement's text for each number of rows, built once per count: on the ingest path Kysely's
 * builder cost more than SQLite's execution of small statements run on every batch. `build` gets a
 * placeholder maker for the dialect (`?`, or `$1`, `$2`… on PostgreSQL, numbered in call order).
 */
export function textsPerCount(dialect: Dialect, build: (rows: number, placeholder: () => string) => string): (rows: number) => string {
  const texts = new Map<number, string>();
  return (rows) => {
    let text = texts.get(rows);
    if (text === undefined) {
      let n = 0;
      text = build(rows, dialect === 'postgres' ? () => `$${++n}` : () => '?');
      texts.set(rows, text);
    }
    return text;
  };
}

/** `count` comma-separated groups, each made by `group`. */
export const repeated = (count: number, group: () => string): string => Array.from({ length: count }, group).join(', ');
