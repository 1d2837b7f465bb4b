import { localSession } from './localSession';
import { sessionClient } from './sessionFetch';

/**
 * The session as the console asks about it, with the session client loaded only when the answer
 * needs it (sessionFetch.ts): the guard of a visit with a valid access token decides from the
 * cookies, as the client itself would without a request.
 */
export async function sessionExists(): Promise<boolean> {
  const local = localSession(document.cookie, Date.now());
  if (local !== 'ask') return local === 'valid';
  return (await sessionClient()).sessionExists();
}

export const signOut = async (): Promise<void> => (await sessionClient()).signOut();

/** Mails a new verification link (through the recipe: it throws the Response of a 429, which the banner shows). */
export const resendVerification = async (): Promise<'SENT' | 'ALREADY_VERIFIED'> => (await sessionClient()).resendVerification();
