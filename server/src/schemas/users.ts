import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';

export const LANGUAGES = ['en', 'de'] as const;

export const UserResponse = Type.Object({
  id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  emails: Type.Array(Type.String()),
  profile_picture: Type.Union([Type.String(), Type.Null()]),
  is_tenant_enabled: Type.Boolean(),
  is_onboarded: Type.Boolean(),
  language: Type.String(),
  is_operator: Type.Boolean({ description: 'A platform operator (OPERATOR_EMAILS or `npm run operator -- grant`): the console shows the back-office.' }),
});
export type User = Static<typeof UserResponse>;

/** PUT /user/ takes any subset of the editable fields (onboarding sends one flag at a time). */
export const UserUpdateBody = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 100 })),
    last_name: Type.Optional(Type.String({ maxLength: 100 })),
    profile_picture: Type.Optional(Type.Union([Type.String({ format: 'uri', maxLength: 2048 }), Type.Null()])),
    is_tenant_enabled: Type.Optional(Type.Boolean()),
    is_onboarded: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.Enum(LANGUAGES)),
  },
  { additionalProperties: false },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const LookupResponse = Type.Object({
  id: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  emails: Type.Array(Type.String()),
  profile_picture: Type.Union([Type.String(), Type.Null()]),
});

export const LookupParams = Type.Object({ user_id: Uuid });
