/** Turns the page/page_size of a list query into LIMIT/OFFSET. */
export function paging(query: { page: number; page_size: number }): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

/** The search text of a list query, trimmed; blank means no search. */
export function searchText(query: { search?: string | undefined }): string | undefined {
  const text = query.search?.trim();
  return text ? text : undefined;
}

/**
 * The records a list is narrowed to by `id` and `ids` (both given: those in both), lower-cased as
 * the tables store them; undefined means no narrowing.
 */
export function idFilter(query: { id?: string | undefined; ids?: string | undefined }): string[] | undefined {
  const many = query.ids?.toLowerCase().split(',');
  const one = query.id?.toLowerCase();
  if (one === undefined) return many;
  return many ? many.filter((id) => id === one) : [one];
}
