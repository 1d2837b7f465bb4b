import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../admin/providers/dataProvider';
import { ApiError } from '../../../admin/providers/http';
import { AppError } from '../../../admin/stores/appError';
import { INIT_POLL_MS } from '../../../admin/stores/observable';
import { fullName, UserStore } from '../../../admin/stores/userStore';
import { jsonResponse, sampleUser } from '../helpers';

/** The store reads the API through the app's data provider, which calls the stubbed fetch. */
const api = createDataProvider({ companyId: () => null });

describe('user data (spec §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is initialised from the cache only when the cached object has an id', () => {
    localStorage.setItem('user', JSON.stringify({ first_name: 'No id' }));
    expect(new UserStore(api).getState()).toMatchObject({ user: null, initialised: false });
    localStorage.setItem('user', JSON.stringify(sampleUser));
    expect(new UserStore(api).getState()).toMatchObject({ user: sampleUser, initialised: true });
  });

  it('logs a warning only when the cache is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('user', '{not json');
    expect(new UserStore(api).getState().initialised).toBe(false);
    expect(warn).toHaveBeenCalled();
  });

  it('fetches from the server, caches the user and becomes initialised', async () => {
    const fetch = vi.fn(async () => jsonResponse(sampleUser));
    vi.stubGlobal('fetch', fetch);
    const store = new UserStore(api);
    await store.fetch();
    expect(fetch).toHaveBeenCalledWith('/api/user/', expect.objectContaining({ credentials: 'include', method: 'GET' }));
    expect(store.getState()).toMatchObject({ user: sampleUser, initialised: true });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(sampleUser);
  });

  it('update replaces the stored user with the response and re-caches it', async () => {
    const updated = { ...sampleUser, first_name: 'Grace' };
    const fetch = vi.fn(async () => jsonResponse(updated));
    vi.stubGlobal('fetch', fetch);
    const store = new UserStore(api);
    await store.update({ first_name: 'Grace' });
    expect(fetch).toHaveBeenCalledWith('/api/user/', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ first_name: 'Grace' }) }));
    expect(store.getState().user).toEqual(updated);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').first_name).toBe('Grace');
  });

  it('rethrows update errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'validation', message: 'bad' }, 400)),
    );
    await expect(new UserStore(api).update({ first_name: 'x' })).rejects.toBeInstanceOf(ApiError);
  });

  it('falls back to the store messages when an error has none', async () => {
    // An error without a message (here from caching the response) gets the store's fallback text.
    const store = new UserStore(api);
    vi.spyOn(store as unknown as { store: () => void }, 'store').mockImplementation(() => {
      throw new Error('');
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(sampleUser)),
    );
    await expect(store.fetch()).rejects.toMatchObject({ key: 'app.errors.failedFetchUser' });
    const failure = await store.update({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ key: 'app.errors.failedUpdateUser' });
  });

  it('reset clears the cache and the state', async () => {
    localStorage.setItem('user', JSON.stringify(sampleUser));
    const store = new UserStore(api);
    store.reset();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState()).toMatchObject({ user: null, initialised: false });
  });

  it('waiting for initialisation polls every 10 ms and rejects when the fetch failed', async () => {
    vi.useFakeTimers();
    let resolveFetch: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (resolveFetch = resolve))),
    );
    const store = new UserStore(api);
    const getState = vi.spyOn(store, 'getState');
    const fetching = store.fetch();
    let done = false;
    const waiting = store.waitUntilInitialised().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS * 3);
    expect(done).toBe(false);
    resolveFetch(jsonResponse(sampleUser));
    await fetching;
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    await waiting;
    expect(done).toBe(true);
    expect(getState).not.toHaveBeenCalled();

    localStorage.clear();
    const failing = new UserStore(api);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'general', message: 'x' }, 500)),
    );
    const rejected = expect(failing.waitUntilInitialised()).rejects.toBeInstanceOf(ApiError);
    await failing.fetch().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(INIT_POLL_MS);
    await rejected;
  });

  it('full name joins first and last name, or whichever exists', () => {
    expect(fullName({ first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ first_name: 'Ada', last_name: '' })).toBe('Ada');
    expect(fullName({ first_name: '', last_name: 'Lovelace' })).toBe('Lovelace');
  });
});
