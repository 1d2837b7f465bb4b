import { sql, type RawBuilder } from 'kysely';

/**
 * `column in (ids)` for a list narrowed to given records (a list's `ids`); no ids match nothing,
 * as SQL has no empty `in ()`.
 */
export const idIn = (column: string, ids: readonly string[]): RawBuilder<boolean> =>
  ids.length > 0 ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})` : sql<boolean>`1 = 0`;
