import { Type, type Static } from 'typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './auth.js';

/** A new address for the signed-in user, with their current password (re-authentication). */
export const EmailChangeBody = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_LENGTH, description: 'The new address; it takes effect once its verification link is followed.' }),
    password: Type.String({ maxLength: PASSWORD_MAX_LENGTH, description: 'The current password.' }),
  },
  { additionalProperties: false },
);
export type EmailChangeBody = Static<typeof EmailChangeBody>;

/** The user's address, and the change waiting for its verification link (null when none waits). */
export const EmailChangeStatus = Type.Object({
  email: Type.String({ description: 'The address the account signs in with now.' }),
  pending: Type.Union([
    Type.Object({
      email: Type.String({ description: 'The new address a verification link was mailed to.' }),
      expires_at: Type.String({ format: 'date-time', description: 'When the link stops working; the change lapses then.' }),
    }),
    Type.Null(),
  ]),
});
export type EmailChangeStatus = Static<typeof EmailChangeStatus>;

/** The link's token (POST /auth/user/email/change/confirm: no session, the link may open on another device). */
export const EmailChangeConfirmBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
