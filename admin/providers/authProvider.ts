import type { AuthProvider } from 'react-admin';
import { AUTH_PATH } from '../auth/paths';
import { fullName } from '../stores/userStore';
import type { User } from '../types/api';

export interface SessionApi {
  exists(): Promise<boolean>;
  signOut(): Promise<void>;
}

export interface AuthProviderOptions {
  session: SessionApi;
  /** The signed-in user as the user store holds it (spec §4). */
  currentUser: () => User | null;
  /** Clears user and company state on sign-out. */
  resetState: () => void;
}

/**
 * react-admin's auth provider on top of supertokens-web-js. Sign-in itself happens on the /auth
 * pages (they call the recipe directly and show its field errors), so `login` is not used.
 */
export function createAuthProvider({ session, currentUser, resetState }: AuthProviderOptions): AuthProvider {
  return {
    login: async () => {
      throw new Error('Sign in through the /auth page');
    },
    logout: async () => {
      try {
        if (await session.exists()) await session.signOut();
      } catch (error) {
        console.error('Sign-out failed', error);
      }
      resetState();
      return AUTH_PATH;
    },
    checkAuth: async () => {
      if (!(await session.exists())) throw { redirectTo: AUTH_PATH, message: false };
    },
    // supertokens-web-js has already tried to refresh a 401 before it reaches us: the session is gone.
    // 403 means "not allowed", which is no reason to sign out.
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) throw { redirectTo: AUTH_PATH, message: false };
    },
    getIdentity: async () => {
      const user = currentUser();
      if (!user) throw new Error('No user data');
      return { id: user.id, fullName: fullName(user) || user.emails[0] || user.id, avatar: user.profile_picture ?? undefined };
    },
    getPermissions: async () => undefined,
  };
}
