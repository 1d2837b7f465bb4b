import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardSessionRoute, tenantsRouteDecision, type SessionGuardDeps } from '../../../admin/auth/guards';
import { SessionGuard } from '../../../admin/auth/SessionGuard';
import { renderInAdmin, sampleUser } from '../helpers';

const deps = (overrides: Partial<SessionGuardDeps> = {}): SessionGuardDeps => ({
  sessionExists: vi.fn(async () => true),
  loadUser: vi.fn(async () => undefined),
  loadCompanies: vi.fn(async () => undefined),
  waitForUser: vi.fn(async () => undefined),
  waitForCompanies: vi.fn(async () => undefined),
  ...overrides,
});

describe('session guard (spec §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a visitor without a session to /auth without loading anything', async () => {
    const d = deps({ sessionExists: vi.fn(async () => false) });
    expect(await guardSessionRoute(d)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(d.loadUser).not.toHaveBeenCalled();
  });

  it('treats a failing session check as no session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await guardSessionRoute(deps({ sessionExists: vi.fn(async () => Promise.reject(new Error('x'))) }))).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('with a session waits for both user and company data before rendering', async () => {
    let releaseCompanies: () => void = () => undefined;
    const d = deps({ waitForCompanies: () => new Promise<void>((resolve) => (releaseCompanies = resolve)) });
    let decided = false;
    const decision = guardSessionRoute(d).then((result) => ((decided = true), result));
    await Promise.resolve();
    await Promise.resolve();
    expect(d.loadUser).toHaveBeenCalled();
    expect(d.loadCompanies).toHaveBeenCalled();
    expect(decided).toBe(false);
    releaseCompanies();
    expect(await decision).toEqual({ kind: 'render' });
  });

  it('logs and proceeds when initialisation fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const d = deps({ loadUser: vi.fn(async () => Promise.reject(new Error('down'))), waitForUser: vi.fn(async () => Promise.reject(new Error('down'))) });
    expect(await guardSessionRoute(d)).toEqual({ kind: 'render' });
    expect(error).toHaveBeenCalled();
  });

  it('the component renders the page only after the guard, or navigates to /auth', async () => {
    renderInAdmin(<SessionGuard deps={deps()}>page</SessionGuard>, { path: '/devices' });
    expect(await screen.findByText('page')).toBeInTheDocument();

    renderInAdmin(<SessionGuard deps={deps({ sessionExists: async () => false })}>secret</SessionGuard>, { path: '/devices' });
    await act(async () => undefined);
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('location').some((node) => node.textContent === '/auth?redirectToPath=%2Fdevices')).toBe(true);
  });

  it("keeps an invite link's code through the redirect to /auth", async () => {
    renderInAdmin(<SessionGuard deps={deps({ sessionExists: async () => false })}>secret</SessionGuard>, { path: '/companies?invite=K3Y' });
    await act(async () => undefined);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirectToPath=%2Fcompanies%3Finvite%3DK3Y');
  });
});

describe('/tenants guard (spec §2)', () => {
  const user = { ...sampleUser };
  it('allows only with the tenant feature on, else /companies', () => {
    expect(tenantsRouteDecision({ user: { ...user, is_tenant_enabled: true }, initialised: true, error: null })).toBe('allow');
    expect(tenantsRouteDecision({ user: { ...user, is_tenant_enabled: false }, initialised: true, error: null })).toEqual({ redirect: '/companies' });
  });

  it('sends to /dashboard when the user data failed to load, and waits otherwise', () => {
    expect(tenantsRouteDecision({ user: null, initialised: false, error: new Error('x') })).toEqual({ redirect: '/dashboard' });
    expect(tenantsRouteDecision({ user: null, initialised: false, error: null })).toBe('wait');
  });
});
