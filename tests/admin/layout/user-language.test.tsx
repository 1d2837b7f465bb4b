import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTranslate } from 'react-admin';
import { LanguageSelector } from '../../../admin/common/LanguageSelector';
import { useUserLanguage } from '../../../admin/common/useLanguage';
import { createAuthProvider } from '../../../admin/providers/authProvider';
import { resetStores } from '../../../admin/stores/hooks';
import { userStore } from '../../../admin/stores/userStore';
import { connectStores, jsonResponse, renderInAdmin, sampleUser } from '../helpers';

/** The signed-in frame as far as the language goes: it follows the user and offers the selector. */
function Frame() {
  useUserLanguage();
  const translate = useTranslate();
  return (
    <>
      <h1>{translate('app.settings.title')}</h1>
      <LanguageSelector />
    </>
  );
}

/** GET /api/user/ answers `user`; a PUT answers the user with the sent fields, or `putStatus`. */
function stubUser(user: typeof sampleUser, putStatus = 200) {
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return jsonResponse(user);
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return putStatus === 200 ? jsonResponse({ ...user, ...body }) : jsonResponse({ code: 'general', message: 'Something went wrong' }, putStatus);
    }),
  );
  return puts;
}

describe('the language follows the user', () => {
  beforeEach(() => {
    localStorage.clear();
    connectStores();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.reset();
  });

  it('a fresh browser signs in and switches to the German saved on the user; the local key caches it', async () => {
    stubUser({ ...sampleUser, language: 'de' });
    renderInAdmin(<Frame />);
    expect(screen.getByRole('heading')).toHaveTextContent('Settings');
    await act(async () => void (await userStore.fetch()));
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('Einstellungen'));
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('the saved language wins over a different language cached on this machine', async () => {
    localStorage.setItem('language', 'de');
    stubUser({ ...sampleUser, language: 'en' });
    renderInAdmin(<Frame />, { locale: 'de' });
    await act(async () => void (await userStore.fetch()));
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('Settings'));
    expect(localStorage.getItem('language')).toBe('en');
  });

  it('choosing a language in the app bar saves it on the user and stays chosen', async () => {
    const puts = stubUser(sampleUser);
    await userStore.fetch();
    renderInAdmin(<Frame />);
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' })));
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('Einstellungen'));
    // The save waits for the session client, which a write loads first (admin/auth/sessionFetch.ts).
    await waitFor(() => expect(puts).toEqual([{ language: 'de' }]));
    expect(userStore.getState().user?.language).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('a failed save keeps the choice on this machine (the local cache) for the next start', async () => {
    stubUser(sampleUser, 500);
    await userStore.fetch();
    renderInAdmin(<Frame />);
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' })));
    await waitFor(() => expect(screen.getByRole('heading')).toHaveTextContent('Einstellungen'));
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('signing out keeps the cached language for the sign-in page', async () => {
    localStorage.setItem('language', 'de');
    const auth = createAuthProvider({
      session: { exists: async () => true, signOut: async () => undefined },
      currentUser: () => null,
      resetState: resetStores,
    });
    await auth.logout(undefined);
    expect(localStorage.getItem('language')).toBe('de');
  });
});
