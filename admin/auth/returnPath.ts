import { AUTH_PATH } from './paths';

/** The query parameter of /auth that holds where to go after signing in (SuperTokens' name for it). */
export const RETURN_PARAM = 'redirectToPath';

/**
 * A path of this console to return to, or undefined: only a local path ("/companies?invite=…"),
 * never another site ("//evil.example", "https://…") or the auth pages themselves.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === AUTH_PATH || value.startsWith(`${AUTH_PATH}/`) || value.startsWith(`${AUTH_PATH}?`)) return undefined;
  return value;
}

/** /auth, remembering `path` (with its query, such as an invite code) to return to after signing in. */
export function authPathReturningTo(path: string): string {
  const back = safeReturnPath(path);
  return back && back !== '/' ? `${AUTH_PATH}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}` : AUTH_PATH;
}
