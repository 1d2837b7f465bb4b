import { Type, type Static } from 'typebox';
import { ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';
import { InviteResponse } from './invites.js';
import { PLANS } from '../domain/plans.js';
import { COMPANY_ROLES } from '../domain/roles.js';

/** A role in a company (domain/roles.ts). */
export const CompanyRoleSchema = Type.Enum(COMPANY_ROLES);

export const CompanyResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tenant_id: Type.Union([Type.String(), Type.Null()]),
  role: CompanyRoleSchema,
  plan: Type.Enum(PLANS, { description: 'Subscription plan, set by the operator; decides how long time series are kept.' }),
  sample_retention_days: Type.Union([Type.Integer(), Type.Null()], { description: 'Days time series are kept under the plan; null: for good.' }),
  suspended_at: Type.Union([Timestamp, Type.Null()], { description: 'Set while the operator has suspended the company: its data is read-only.' }),
  suspension_reason: Type.Union([Type.String(), Type.Null()], { description: "The operator's reason for the suspension." }),
  suspension_contact: Type.Union([Type.String(), Type.Null()], { description: 'Whom to ask about the suspension (the operator who suspended the company).' }),
  created_at: Timestamp,
});
export type Company = Static<typeof CompanyResponse>;

export const CompanyListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(['name', '-name', 'created_at', '-created_at'])),
    tenant_id: Type.Optional(Uuid),
    id: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CompanyListQuery = Static<typeof CompanyListQuery>;

export const CompanyPage = Page(CompanyResponse);

export const CompanyCreateBody = Type.Object(
  { name: NonBlank(200), tenant_id: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false, example: { name: 'Müller Facility Services' } },
);
export type CompanyCreateBody = Static<typeof CompanyCreateBody>;

export const CompanyUpdateBody = Type.Object(
  { name: Type.Optional(NonBlank(200)), tenant_id: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false },
);
export type CompanyUpdateBody = Static<typeof CompanyUpdateBody>;

export const CompanyMemberResponse = Type.Object({
  id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  role: CompanyRoleSchema,
  joined_at: Timestamp,
  last_active_at: Type.Union([Timestamp, Type.Null()], { description: 'The last request the member made in this company (to the minute); null: none yet.' }),
});
export type CompanyMember = Static<typeof CompanyMemberResponse>;

/** GET /company/{id}/i_query: the company's people, members and pending invites. */
export const CompanyPeopleResponse = Type.Object({
  users: Type.Array(CompanyMemberResponse),
  invites: Type.Array(InviteResponse),
});
export type CompanyPeople = Static<typeof CompanyPeopleResponse>;
