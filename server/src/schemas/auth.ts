import { Type, type Static } from 'typebox';

/** The longest address SMTP can deliver to (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Long enough for any passphrase or generated password; longer is an attack on the KDF, not a password. */
export const PASSWORD_MAX_LENGTH = 1024;
/** A sign-in or sign-up body: two fields of the lengths above and some protocol, with room to spare. */
export const CREDENTIALS_BODY_LIMIT = 16 * 1024;

const FormField = Type.Object({ id: Type.String({ maxLength: 100 }), value: Type.Unknown() });

export const CredentialsBody = Type.Object(
  {
    formFields: Type.Array(FormField, { maxItems: 20 }),
    shouldTryLinkingWithSessionUser: Type.Optional(Type.Boolean()),
  },
  { description: `Form fields \`email\` (at most ${EMAIL_MAX_LENGTH} characters) and \`password\` (at most ${PASSWORD_MAX_LENGTH}).` },
);
export type CredentialsBody = Static<typeof CredentialsBody>;

export const EmailQuery = Type.Object({ email: Type.String({ maxLength: EMAIL_MAX_LENGTH }) });

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

/** `POST /auth/user/password/reset/token`: the form field `email`. */
export const PasswordResetTokenBody = Type.Object({ formFields: Type.Array(FormField, { maxItems: 20 }) }, { description: 'Form field `email`.' });

/** `POST /auth/user/password/reset`: the link's token and the form field `password`. */
export const PasswordResetBody = Type.Object(
  {
    method: Type.Optional(Type.Literal('token')),
    token: Type.String({ minLength: 1, maxLength: 200 }),
    formFields: Type.Array(FormField, { maxItems: 20 }),
  },
  { description: `The token from the reset link and the form field \`password\` (at most ${PASSWORD_MAX_LENGTH} characters).` },
);

/** `POST /auth/user/email/verify`: the verification link's token. */
export const VerifyEmailBody = Type.Object({ method: Type.Optional(Type.Literal('token')), token: Type.String({ minLength: 1, maxLength: 200 }) });

export const EmailVerifiedResponse = Type.Object({ status: Type.String(), isVerified: Type.Boolean() });
export type EmailVerifiedResponse = Static<typeof EmailVerifiedResponse>;
