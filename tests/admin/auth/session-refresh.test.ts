import { afterEach, describe, expect, it, vi } from 'vitest';
import { initSession, sessionExists } from '../../../admin/auth/session';

// Issue #22: a browser that never signed in asked /api/auth/session/refresh before its first
// request (the sign-in itself, or a guard's check) and logged the 401 that came back.
describe('the session client on a browser that never signed in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows without asking the server that no session exists', async () => {
    // Installed before the client wraps fetch: every request it sends reaches this stub.
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'unauthorised' }), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    expect(document.cookie).not.toContain('st-last-access-token-update');
    initSession();
    expect(await sessionExists()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
