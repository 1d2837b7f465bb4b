import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '../../../admin/settings/SettingsPage';
import { userStore } from '../../../admin/stores/userStore';
import { connectStores, jsonResponse, renderInAdmin, sampleUser } from '../helpers';

beforeAll(connectStores);

type Answer = (body: Record<string, unknown>) => Response;

/** The user API: GET answers the sample user, PUT answers what `onUpdate` returns. */
function stubUserApi(onUpdate: Answer) {
  const calls: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push(body);
        return onUpdate(body);
      }
      return jsonResponse(sampleUser);
    }),
  );
  return calls;
}

/** The page's own reads through the data provider (the e-mail section; tests/admin/settings/email-change.test.tsx covers it). */
const settingsApi = { emailChange: async () => ({ email: 'ada@example.com', pending: null }) };

const echo: Answer = (body) => jsonResponse({ ...sampleUser, ...body });

describe('settings screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    userStore.reset();
  });

  it('loading: the tenant switch waits for the user; the names fill in once the user has loaded', async () => {
    stubUserApi(echo);
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    expect(screen.getByRole('switch', { name: 'Multi-tenant mode' })).toBeDisabled();
    expect(screen.getByLabelText(/First name/)).toHaveValue('');
    await act(async () => void (await userStore.fetch()));
    expect(screen.getByRole('switch', { name: 'Multi-tenant mode' })).toBeEnabled();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
  });

  it('success: shows the personal information and saves trimmed names', async () => {
    const calls = stubUserApi(echo);
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: '  Byron ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    // The save waits for the session client, which a write loads first (admin/auth/sessionFetch.ts).
    await waitFor(() => expect(calls).toEqual([{ first_name: 'Ada', last_name: 'Byron' }]));
    expect(userStore.getState().user?.last_name).toBe('Byron');
  });

  it('empty names: a required message and Save disabled, nothing sent', async () => {
    const calls = stubUserApi(echo);
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('error: a failed save is shown in words and the stored user is unchanged', async () => {
    stubUserApi(() => jsonResponse({ code: 'validation', message: 'Please check your input and try again.', fields: {} }, 400));
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Byron' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your input and try again.');
    expect(userStore.getState().user?.last_name).toBe('Lovelace');
  });

  it('the multi-tenant switch and reset onboarding update the user', async () => {
    const calls = stubUserApi(echo);
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Multi-tenant mode' })));
    expect(calls.at(-1)).toEqual({ is_tenant_enabled: true });
    expect(screen.getByRole('switch', { name: 'Multi-tenant mode' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Reset onboarding' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('The setup wizard opens again');
    expect(calls.at(-1)).toEqual({ is_tenant_enabled: true });
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset onboarding' })));
    expect(calls.at(-1)).toEqual({ is_onboarded: false });
  });

  it('names saved elsewhere (the name dialog) fill the form: no red "Required" on a form that was empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        jsonResponse({ ...sampleUser, first_name: '', last_name: '', ...(init?.body ? (JSON.parse(String(init.body)) as object) : {}) }),
      ),
    );
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    await act(async () => void (await userStore.update({ first_name: 'Ada', last_name: 'Lovelace' })));
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace');
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('choosing German stores the language and saves it on the user', async () => {
    const calls = stubUserApi(echo);
    await userStore.fetch();
    renderInAdmin(<SettingsPage />, { dataProvider: settingsApi });
    const section = screen.getByRole('heading', { name: 'Language' }).closest('section') as HTMLElement;
    fireEvent.mouseDown(within(section).getByRole('combobox'));
    await act(async () => fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' })));
    expect(localStorage.getItem('language')).toBe('de');
    expect(calls.at(-1)).toEqual({ language: 'de' });
  });
});
