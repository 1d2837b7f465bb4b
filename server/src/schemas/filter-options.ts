import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';

export const FilterOptionParams = Type.Object({ model_name: Type.String({ maxLength: 50 }), field_name: Type.String({ maxLength: 50 }) });
export const FilterOptionQuery = Type.Object(
  { company_id: Type.Optional(Uuid), search: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
/** A value a list column can be filtered by, with how many rows have it. */
export const FilterOption = Type.Object({ value: Type.String(), label: Type.String(), count: Type.Integer() });
export type FilterOption = Static<typeof FilterOption>;
export const FilterOptionsResponse = Type.Object({ results: Type.Array(FilterOption) });
