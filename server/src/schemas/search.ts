import { Type, type Static } from 'typebox';

export const SEARCH_TYPES = ['device', 'gateway', 'unit', 'group', 'company', 'tenant', 'event'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 200 })), include_tenants: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const SearchResult = Type.Object({ type: Type.Enum(SEARCH_TYPES), id: Type.String(), name: Type.Optional(Type.String()) });
export type SearchResult = Static<typeof SearchResult>;
export const SearchResponse = Type.Object({ results: Type.Array(SearchResult) });
