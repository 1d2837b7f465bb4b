/** Where a successful sign-in or sign-up leads: the settings, where a new user's onboarding starts. */
export const AFTER_SIGN_IN_PATH = '/settings';

/**
 * Router state of the navigation that follows a sign-in: the console, taking over, starts from
 * fresh user and company data (another account may have used this browser).
 */
export const SIGNED_IN_STATE = { signedIn: true } as const;

export function isSignedInState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedIn' in state && state.signedIn === true;
}
