import { Type, type Static } from 'typebox';

const FormField = Type.Object({ id: Type.String({ maxLength: 100 }), value: Type.Unknown() });

export const CredentialsBody = Type.Object({
  formFields: Type.Array(FormField, { maxItems: 20 }),
  shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
});
export type CredentialsBody = Static<typeof CredentialsBody>;

export const EmailQuery = Type.Object({ email: Type.String({ maxLength: 320 }) });

export const LoginMethodsQuery = Type.Object({
  clientType: Type.Optional(Type.String({ maxLength: 64 })),
  tenantId: Type.Optional(Type.String({ maxLength: 64 })),
});

/** The user object of the frontend-driver interface 4.x. */
export const FdiUser = Type.Object({
  id: Type.String(),
  isPrimaryUser: Type.Boolean(),
  tenantIds: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  phoneNumbers: Type.Array(Type.String()),
  thirdParty: Type.Array(Type.Object({ id: Type.String(), userId: Type.String() })),
  webauthn: Type.Object({ credentialIds: Type.Array(Type.String()) }),
  loginMethods: Type.Array(
    Type.Object({
      recipeId: Type.String(),
      recipeUserId: Type.String(),
      tenantIds: Type.Array(Type.String()),
      email: Type.String(),
      timeJoined: Type.Number(),
      verified: Type.Boolean(),
    }),
  ),
  timeJoined: Type.Number(),
});
export type FdiUser = Static<typeof FdiUser>;

/** The frontend-driver interface's answer: a status, and the user or the form fields' problems. */
export const FdiStatusResponse = Type.Object({
  status: Type.String(),
  user: Type.Optional(FdiUser),
  formFields: Type.Optional(Type.Array(Type.Object({ id: Type.String(), error: Type.String(), code: Type.Optional(Type.String()) }))),
  message: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
});

export const EmailExistsResponse = Type.Object({ status: Type.String(), exists: Type.Boolean() });
