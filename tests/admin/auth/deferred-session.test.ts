import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localSession } from '../../../admin/auth/localSession';

// Issue #20: the console's first view runs without the session client (supertokens), which it
// loads when a request needs it.

const frontToken = (payload: object) => btoa(JSON.stringify(payload));
const NOW = 1_800_000_000_000;
const trace = `st-last-access-token-update=${NOW - 1000}`;

describe('the session as the cookies tell it', () => {
  it('is valid with a front token whose access token has not expired, and the trace', () => {
    expect(localSession(`${trace}; sFrontToken=${frontToken({ uid: 'u', ate: NOW + 60_000, up: {} })}`, NOW)).toBe('valid');
  });

  it('is none without a front token (signed out, or never signed in)', () => {
    expect(localSession(trace, NOW)).toBe('none');
    expect(localSession('', NOW)).toBe('none');
  });

  it('asks the client when the access token has expired, the trace is missing or the token is unreadable', () => {
    expect(localSession(`${trace}; sFrontToken=${frontToken({ uid: 'u', ate: NOW - 1, up: {} })}`, NOW)).toBe('ask');
    expect(localSession(`sFrontToken=${frontToken({ uid: 'u', ate: NOW + 60_000, up: {} })}`, NOW)).toBe('ask');
    expect(localSession(`${trace}; sFrontToken=not-base64!`, NOW)).toBe('ask');
    expect(localSession(`${trace}; sFrontToken=${frontToken({ uid: 'u' })}`, NOW)).toBe('ask');
  });
});

// The session client, replaced: initialising it wraps window.fetch, as supertokens-website does.
const client = vi.hoisted(() => ({ initSession: vi.fn(), sessionExists: vi.fn(async () => true) }));
vi.mock('../../../admin/auth/session', () => client);

describe('requests before the session client is loaded', () => {
  let wrapped: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    wrapped = vi.fn(async () => new Response('{}', { status: 200 }));
    client.initSession.mockImplementation(() => vi.stubGlobal('fetch', wrapped));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });
  const load = () => import('../../../admin/auth/sessionFetch');

  it('send a read as it is, without the client', async () => {
    const plain = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', plain);
    const { sessionFetch } = await load();
    expect((await sessionFetch('/api/users/me', { method: 'GET' })).status).toBe(200);
    expect(plain).toHaveBeenCalledTimes(1);
    expect(client.initSession).not.toHaveBeenCalled();
  });

  it('send a read answered 401 again through the client, which refreshes the session', async () => {
    const plain = vi.fn(async () => new Response('{"message":"try refresh token"}', { status: 401 }));
    vi.stubGlobal('fetch', plain);
    const { sessionFetch } = await load();
    expect((await sessionFetch('/api/users/me', { method: 'GET' })).status).toBe(200);
    expect(client.initSession).toHaveBeenCalledTimes(1);
    expect(wrapped).toHaveBeenCalledWith('/api/users/me', { method: 'GET' });
  });

  it('hold a write until the client is loaded, then send every request through it', async () => {
    const plain = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', plain);
    const { sessionFetch } = await load();
    await sessionFetch('/api/devices', { method: 'POST', body: '{}' });
    await sessionFetch('/api/devices', { method: 'GET' });
    expect(plain).not.toHaveBeenCalled();
    expect(wrapped).toHaveBeenCalledTimes(2);
  });
});

describe('the console asking whether a session exists', () => {
  afterEach(() => {
    document.cookie = 'sFrontToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    vi.clearAllMocks();
  });

  it('answers from the cookies when they tell, and asks the client when they do not', async () => {
    const { sessionExists } = await import('../../../admin/auth/consoleSession');
    document.cookie = 'st-last-access-token-update=1; path=/';
    document.cookie = `sFrontToken=${frontToken({ uid: 'u', ate: Date.now() + 60_000, up: {} })}; path=/`;
    expect(await sessionExists()).toBe(true);
    expect(client.sessionExists).not.toHaveBeenCalled();
    document.cookie = `sFrontToken=${frontToken({ uid: 'u', ate: Date.now() - 1, up: {} })}; path=/`;
    client.sessionExists.mockResolvedValueOnce(false);
    expect(await sessionExists()).toBe(false);
    expect(client.sessionExists).toHaveBeenCalledTimes(1);
  });
});
