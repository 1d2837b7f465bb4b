import type { Credentials } from './session';

/**
 * The session client (supertokens-web-js, initialised) for the sign-in entry, fetched on first
 * use: the sign-in page shows its form without it and loads it as soon as the visitor types
 * (entry.tsx), so a submit finds it at hand. The console loads it through sessionFetch.ts, when a
 * request first needs it.
 */
export const loadSessionClient = () =>
  import('./session').then((client) => {
    client.initSession();
    return client;
  });

export const signIn = async (credentials: Credentials) => (await loadSessionClient()).signIn(credentials);
export const signUp = async (credentials: Credentials) => (await loadSessionClient()).signUp(credentials);
export const requestPasswordReset = async (email: string) => (await loadSessionClient()).requestPasswordReset(email);
export const submitNewPassword = async (password: string) => (await loadSessionClient()).submitNewPassword(password);
export const verifyEmail = async () => (await loadSessionClient()).verifyEmail();
export const confirmEmailChange = async () => (await loadSessionClient()).confirmEmailChange();
