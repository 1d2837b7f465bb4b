import { Type, type Static } from 'typebox';
import { ListQueryFields, NonBlank, Timestamp, Uuid } from './common.js';

export const DASHBOARD_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;
export type DashboardOrdering = (typeof DASHBOARD_ORDERINGS)[number];

export const DashboardResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  owner_id: Type.String(),
  name: Type.String(),
  is_shared: Type.Boolean(),
  is_owner: Type.Boolean(),
  created_at: Timestamp,
});
export type Dashboard = Static<typeof DashboardResponse>;

export const DashboardListQuery = Type.Object(
  { ...ListQueryFields, ordering: Type.Optional(Type.Enum(DASHBOARD_ORDERINGS)), company_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);

export const DashboardCreateBody = Type.Object(
  { company_id: Uuid, name: NonBlank(200), is_shared: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const DashboardUpdateBody = Type.Object(
  { name: Type.Optional(NonBlank(200)), is_shared: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
