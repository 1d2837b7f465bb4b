import type { User } from '../types/api';
import { withFallback } from './appError';
import { Observable, pollUntil } from './observable';
import { STORAGE_KEYS, readJson, removeItem, writeItem } from './storage';

export type UserUpdate = Partial<Pick<User, 'first_name' | 'last_name' | 'profile_picture' | 'is_tenant_enabled' | 'is_onboarded' | 'language'>>;

/** What the user store asks of the API; the data provider implements it (App.tsx connects them). */
export interface UserApi {
  /** GET /user/: the signed-in user. */
  currentUser(): Promise<User>;
  /** PUT /user/: saves the given fields and answers the whole user. */
  updateCurrentUser(fields: UserUpdate): Promise<User>;
}

export interface UserState {
  user: User | null;
  initialised: boolean;
  error: Error | null;
}

/** Full name per spec §3: first and last joined by a space, or whichever exists. */
export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter((part) => part && part.trim()).join(' ');
}

function isCachedUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' && (value as { id: string }).id !== '';
}

/** User data of spec §4: cached under `user`, initialised from the cache only if it has an id. */
export class UserStore extends Observable<UserState> {
  private api: UserApi | null;

  constructor(api: UserApi | null = null) {
    const cached = readJson(STORAGE_KEYS.user);
    const user = isCachedUser(cached) ? cached : null;
    super({ user, initialised: user !== null, error: null });
    this.api = api;
  }

  /** Gives the store the API it reads and writes through (the app's data provider). */
  connect(api: UserApi): void {
    this.api = api;
  }

  /** Fetches the user from the server and caches it. */
  async fetch(): Promise<User> {
    try {
      const user = await this.connectedApi().currentUser();
      this.store(user);
      return user;
    } catch (error) {
      const failure = withFallback(error, 'app.errors.failedFetchUser');
      this.setState({ error: failure });
      throw failure;
    }
  }

  /** Sends the changed fields; the response replaces the stored user. Errors are rethrown. */
  async update(fields: UserUpdate): Promise<User> {
    try {
      const user = await this.connectedApi().updateCurrentUser(fields);
      this.store(user);
      return user;
    } catch (error) {
      throw withFallback(error, 'app.errors.failedUpdateUser');
    }
  }

  /**
   * Saves the chosen language on the signed-in user, so every sign-in on any machine starts in it.
   * The stored user changes at once: the console follows the user's language and must not switch
   * back while the request runs. Without a user (the sign-in page) there is nothing to save.
   */
  async saveLanguage(language: string): Promise<void> {
    const user = this.state.user;
    if (!user || user.language === language) return;
    this.store({ ...user, language });
    await this.update({ language });
  }

  reset(): void {
    removeItem(STORAGE_KEYS.user);
    this.setState({ user: null, initialised: false, error: null });
  }

  /** Waits for initialisation, polling every 10 ms; rejects if the fetch failed meanwhile. */
  waitUntilInitialised(): Promise<void> {
    return pollUntil(
      () => this.state.initialised,
      () => this.state.error,
    );
  }

  private connectedApi(): UserApi {
    if (!this.api) throw new Error('The user store is not connected to the data provider');
    return this.api;
  }

  private store(user: User): void {
    writeItem(STORAGE_KEYS.user, JSON.stringify(user));
    this.setState({ user, initialised: true, error: null });
  }
}

export const userStore = new UserStore();
