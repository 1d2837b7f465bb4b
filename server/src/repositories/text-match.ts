import { sql, type RawBuilder } from 'kysely';

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

/** Case-insensitive "contains" on a column, with wildcards in the text matched literally. */
export const containsText = (column: string, text: string): RawBuilder<boolean> => likeEscaped(sql`lower(${sql.ref(column)})`, likePattern(text));
