import { Type, type Static } from 'typebox';
import { ListQueryFields, Page, Timestamp, Uuid } from './common.js';
import { COMPANY_ROLES } from '../domain/roles.js';

/** Days an invite stays joinable unless the inviter says otherwise, and the longest they may say. */
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 90;

const InviteRole = Type.Enum(COMPANY_ROLES);

export const InviteResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  email: Type.String(),
  code: Type.String(),
  sent_at: Timestamp,
  role: InviteRole,
  expires_at: Timestamp,
  expired: Type.Boolean(),
  is_open: Type.Boolean({ description: 'Any signed-in account may join with the code, not only the invited address.' }),
});
export type Invite = Static<typeof InviteResponse>;

export const InviteListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, company_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type InviteListQuery = Static<typeof InviteListQuery>;

export const InvitePage = Page(InviteResponse);

export const InviteCreateBody = Type.Object(
  {
    company_id: Uuid,
    email: Type.String({ format: 'email', minLength: 3, maxLength: 320 }),
    role: Type.Optional(InviteRole),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: INVITE_MAX_DAYS })),
    is_open: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type InviteCreateBody = Static<typeof InviteCreateBody>;

/** `invite_id` is the invite code (what the invitee was given) or the invite id plus the code. */
export const InviteJoinParams = Type.Object({ invite_id: Type.String({ minLength: 1, maxLength: 64 }) });
/** The body is optional: the code may travel in the path alone. */
export const InviteJoinBody = Type.Optional(
  Type.Union([Type.Object({ code: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false }), Type.Null()]),
);
export const InviteJoinResponse = Type.Object({ company_id: Type.String() });

export const InviteIdParams = Type.Object({ invite_id: Uuid });
