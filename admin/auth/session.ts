import SuperTokens from 'supertokens-web-js';
import EmailPassword from 'supertokens-web-js/recipe/emailpassword';
import Session from 'supertokens-web-js/recipe/session';
import EmailVerification from 'supertokens-web-js/recipe/emailverification';
import { PRODUCT_NAME } from '../common/product';
import { fieldErrorMessage, type WireFieldError } from '../providers/serverMessages';
import { SESSION_TRACE_COOKIE } from './localSession';

export { AUTH_PATH } from './paths';

/** API base path of the session endpoints (spec §7, DESIGN §5). */
export const AUTH_API_BASE_PATH = '/api/auth';

let initialised = false;

/**
 * A browser that never held a session carries no trace of one: supertokens-website then cannot
 * tell that no session exists and tries a refresh before its first request (the sign-in itself,
 * or a guard's check), which can only fail: the needless 401 on /session/refresh (issue #22).
 * Such a browser is put in the state the client keeps after a sign-out (the trace without a
 * front token), written as the client writes it, so it knows offline that no session exists.
 */
function markNeverSignedIn(): void {
  const traced = document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_TRACE_COOKIE}=`));
  if (!traced) document.cookie = `${SESSION_TRACE_COOKIE}=${Date.now()};expires=Fri, 31 Dec 9999 23:59:59 GMT;path=/;samesite=lax`;
}

/** Initialises supertokens-web-js once; from then on its fetch wrapper refreshes expired sessions. */
export function initSession(): void {
  if (initialised) return;
  initialised = true;
  markNeverSignedIn();
  const configured: string | undefined = import.meta.env.VITE_API_URL;
  SuperTokens.init({
    appInfo: { appName: PRODUCT_NAME, apiDomain: configured ?? window.location.origin, apiBasePath: AUTH_API_BASE_PATH },
    recipeList: [Session.init({ tokenTransferMethod: 'cookie' }), EmailPassword.init(), EmailVerification.init()],
  });
}

export type Credentials = { email: string; password: string };

export type AuthOutcome =
  | { status: 'OK' }
  | { status: 'FIELD_ERROR'; fields: Record<string, string> }
  | { status: 'WRONG_CREDENTIALS' }
  | { status: 'NOT_ALLOWED' }
  | { status: 'RATE_LIMITED' }
  | { status: 'ERROR'; error: unknown };

/**
 * The form fields' problems as messages to translate: the server adds its code beside the
 * protocol's English `error` (FDI answers carry no codes of their own).
 */
function fieldMessages(fields: readonly { id: string; error: string }[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const code = codeOf(field);
      return [field.id, code ? fieldErrorMessage({ code }, field.error) : field.error];
    }),
  );
}

const codeOf = (field: object): string | undefined => ('code' in field && typeof field.code === 'string' ? field.code : undefined);

const formFields = ({ email, password }: Credentials) => [
  { id: 'email', value: email.trim() },
  { id: 'password', value: password },
];

/** The field codes of our error body (a 400 for an email or password longer than the server takes). */
async function fieldCodesOf(response: Response): Promise<Record<string, WireFieldError> | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (typeof body !== 'object' || body === null || !('field_codes' in body)) return undefined;
  const codes = body.field_codes;
  return typeof codes === 'object' && codes !== null ? (codes as Record<string, WireFieldError>) : undefined;
}

/** Maps what supertokens-web-js throws (a Response for unexpected statuses) to an outcome. */
export async function failure(error: unknown): Promise<Extract<AuthOutcome, { status: 'RATE_LIMITED' | 'FIELD_ERROR' | 'ERROR' }>> {
  if (!(error instanceof Response)) return { status: 'ERROR', error };
  if (error.status === 429) return { status: 'RATE_LIMITED' };
  const codes = error.status === 400 ? await fieldCodesOf(error) : undefined;
  if (codes) return { status: 'FIELD_ERROR', fields: Object.fromEntries(Object.entries(codes).map(([id, code]) => [id, fieldErrorMessage(code)])) };
  return { status: 'ERROR', error };
}

export async function signIn(credentials: Credentials): Promise<AuthOutcome> {
  try {
    const result = await EmailPassword.signIn({ formFields: formFields(credentials) });
    if (result.status === 'OK') return { status: 'OK' };
    if (result.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', fields: fieldMessages(result.formFields) };
    if (result.status === 'WRONG_CREDENTIALS_ERROR') return { status: 'WRONG_CREDENTIALS' };
    return { status: 'NOT_ALLOWED' };
  } catch (error) {
    return await failure(error);
  }
}

export async function signUp(credentials: Credentials): Promise<AuthOutcome> {
  try {
    const result = await EmailPassword.signUp({ formFields: formFields(credentials) });
    if (result.status === 'OK') return { status: 'OK' };
    if (result.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', fields: fieldMessages(result.formFields) };
    return { status: 'NOT_ALLOWED' };
  } catch (error) {
    return await failure(error);
  }
}

export const sessionExists = (): Promise<boolean> => Session.doesSessionExist();
export const signOut = (): Promise<void> => Session.signOut();

export type ResetOutcome =
  | { status: 'OK' }
  | { status: 'FIELD_ERROR'; fields: Record<string, string> }
  | { status: 'INVALID_TOKEN' }
  | { status: 'RATE_LIMITED' }
  | { status: 'ERROR'; error: unknown };

/** Asks for a reset link by mail; the answer is OK whether an account uses the address or not. */
export async function requestPasswordReset(email: string): Promise<ResetOutcome> {
  try {
    const result = await EmailPassword.sendPasswordResetEmail({ formFields: [{ id: 'email', value: email.trim() }] });
    if (result.status === 'OK') return { status: 'OK' };
    if (result.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', fields: fieldMessages(result.formFields) };
    return { status: 'ERROR', error: result.status };
  } catch (error) {
    return await failure(error);
  }
}

/** Sets the new password with the token of the link this page was opened with (supertokens reads `?token=`). */
export async function submitNewPassword(password: string): Promise<ResetOutcome> {
  try {
    const result = await EmailPassword.submitNewPassword({ formFields: [{ id: 'password', value: password }] });
    if (result.status === 'OK') return { status: 'OK' };
    if (result.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', fields: fieldMessages(result.formFields) };
    return { status: 'INVALID_TOKEN' };
  } catch (error) {
    return await failure(error);
  }
}

/** Whether the signed-in user's address is verified (the banner asks until it is). */
export const isEmailVerified = async (): Promise<boolean> => (await EmailVerification.isEmailVerified()).isVerified;

/** Mails a new verification link; a verified address needs none. Throws what the call throws (429 when asked too often). */
export async function resendVerification(): Promise<'SENT' | 'ALREADY_VERIFIED'> {
  return (await EmailVerification.sendVerificationEmail()).status === 'OK' ? 'SENT' : 'ALREADY_VERIFIED';
}

/** Confirms the address with the token of the link this page was opened with (supertokens reads `?token=`). */
export async function verifyEmail(): Promise<'VERIFIED' | 'INVALID_TOKEN'> {
  return (await EmailVerification.verifyEmail()).status === 'OK' ? 'VERIFIED' : 'INVALID_TOKEN';
}

/**
 * Switches the account to the new address with the token of the link this page was opened with
 * (server/src/auth/email-change.ts). A plain call: it needs no session (the link may open on
 * another device), and the session client's fetch wrapper passes it through unchanged.
 */
export async function confirmEmailChange(): Promise<'VERIFIED' | 'INVALID_TOKEN' | 'EMAIL_TAKEN'> {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const base: string = import.meta.env.VITE_API_URL ?? window.location.origin;
  const response = await fetch(`${base}${AUTH_API_BASE_PATH}/user/email/change/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  // A token the server refuses outright (empty, too long) is as invalid as an unknown one.
  if (response.status === 400) return 'INVALID_TOKEN';
  if (!response.ok) throw response;
  const { status } = (await response.json()) as { status: string };
  return status === 'OK' ? 'VERIFIED' : status === 'EMAIL_ALREADY_EXISTS_ERROR' ? 'EMAIL_TAKEN' : 'INVALID_TOKEN';
}
