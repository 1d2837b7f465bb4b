import { Type, type Static } from 'typebox';
import { IdsFilter, ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';

const NameOrdering = Type.Optional(Type.Enum(['name', '-name']));

export const UnitResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  name: Type.String(),
  group: Type.Union([Type.String(), Type.Null()]),
  group_name: Type.Union([Type.String(), Type.Null()]),
  device_count: Type.Integer(),
  created_at: Timestamp,
});
export type Unit = Static<typeof UnitResponse>;

export const GroupResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  name: Type.String(),
  unit_count: Type.Integer(),
  created_at: Timestamp,
});
export type Group = Static<typeof GroupResponse>;

export const UnitPage = Page(UnitResponse);
export const GroupPage = Page(GroupResponse);

export const UnitListQuery = Type.Object(
  { ...ListQueryFields, ordering: NameOrdering, company_id: Type.Optional(Uuid), id: Type.Optional(Uuid), ids: IdsFilter, group: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type UnitListQuery = Static<typeof UnitListQuery>;

export const GroupListQuery = Type.Object(
  { ...ListQueryFields, ordering: NameOrdering, company_id: Type.Optional(Uuid), id: Type.Optional(Uuid), ids: IdsFilter },
  { additionalProperties: false },
);

export const UnitCreateBody = Type.Object(
  { company_id: Uuid, name: NonBlank(200), group: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false },
);
export const UnitUpdateBody = Type.Object(
  { name: Type.Optional(NonBlank(200)), group: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false },
);

export const GroupCreateBody = Type.Object({ company_id: Uuid, name: NonBlank(200) }, { additionalProperties: false });
export const GroupUpdateBody = Type.Object({ name: NonBlank(200) }, { additionalProperties: false });
