import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.js';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string): string =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column LIKE pattern ESCAPE '\'`. The ESCAPE clause is spelled out because SQLite has no default
 * escape character (PostgreSQL's is the backslash): without it the escapes of likePattern would
 * be matched literally on SQLite and a search for "50%" would find nothing.
 */
export const likeEscaped = (column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> => sql<boolean>`${column} like ${pattern} escape '\\'`;

/**
 * Case-insensitive "contains" on a column, with wildcards in the text matched literally. On
 * PostgreSQL `lower(column) LIKE` (its LIKE is case-sensitive; its trigram indexes hold the lowered
 * columns). On SQLite the plain `column LIKE`: its LIKE folds ASCII case on both sides and its
 * lower() folds ASCII only (no ICU in this build), so it finds the same rows without a lowered copy
 * of each row's text, a third off a list page that walks a company's 100,000 device names
 * (bench/RESULTS.md; tests/server/repositories/text-match.test.ts holds SQLite to it). The dialect
 * is required so that no search can miss that (`dialectOf(db)` where a repository has none).
 */
export const containsText = (column: string, text: string, dialect: Dialect): RawBuilder<boolean> =>
  likeEscaped(dialect === 'sqlite' ? sql`${sql.ref(column)}` : sql`lower(${sql.ref(column)})`, likePattern(text));

/**
 * The strings that start with `prefix`, as a range [from, to) in code point order (SQLite's
 * BINARY collation, PostgreSQL's "C"): an index on the column reads just that range. `to` is the
 * prefix with its last character's successor (surrogates, which no string holds alone, skipped).
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return { from: prefix, to: chars.join('') + String.fromCodePoint(Math.min(next, 0x10ffff)) };
}
