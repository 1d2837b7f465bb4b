import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';
import { CompanyMemberResponse, CompanyRoleSchema } from './companies.js';

export const MemberParams = Type.Object({ id: Uuid, user_id: Uuid });
export type MemberParams = Static<typeof MemberParams>;

export const MemberList = Type.Object({ results: Type.Array(CompanyMemberResponse) });

export const MemberRoleBody = Type.Object({ role: CompanyRoleSchema }, { additionalProperties: false });
export type MemberRoleBody = Static<typeof MemberRoleBody>;

/** Hands the company to another member: they become an owner, the caller an admin. */
export const TransferBody = Type.Object({ user_id: Uuid }, { additionalProperties: false });
export type TransferBody = Static<typeof TransferBody>;
