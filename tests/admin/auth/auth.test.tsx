import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from '../../../admin/auth/AuthPage';
import { failure, type AuthOutcome } from '../../../admin/auth/session';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { renderAuthPage } from './render';

function setup(path: string, outcome: AuthOutcome) {
  const actions = { signIn: vi.fn(async () => outcome), signUp: vi.fn(async () => outcome) };
  renderAuthPage(<AuthPage actions={actions} />, { path });
  return actions;
}

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
};

describe('sign-in page (/auth)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('/auth signs in and goes to /settings', async () => {
    const actions = setup('/auth', { status: 'OK' });
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(actions.signIn).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123' });
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('returns to where the visitor was going (an invite link), through sign-up too, and never to another site', async () => {
    const invite = encodeURIComponent('/companies?invite=K3Y');
    setup(`/auth?redirectToPath=${invite}`, { status: 'OK' });
    // The link to sign up keeps where to return.
    fireEvent.click(screen.getByRole('link', { name: /sign up/i }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/auth/signup?redirectToPath=${invite}`);
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));
    expect(screen.getByTestId('location')).toHaveTextContent('/companies?invite=K3Y');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/auth/signup'])('ignores the return path %s and goes to /settings', async (path) => {
    setup(`/auth?redirectToPath=${encodeURIComponent(path)}`, { status: 'OK' });
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
  });

  it('/auth/signup signs up', async () => {
    const actions = setup('/auth/signup', { status: 'OK' });
    fill('ada@example.com', 'secret123');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));
    expect(actions.signUp).toHaveBeenCalled();
  });

  it('checks the fields before calling the server', async () => {
    const actions = setup('/auth', { status: 'OK' });
    fill('not-an-email', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(actions.signIn).not.toHaveBeenCalled();
  });

  it("shows the server's field errors inline", async () => {
    const english = 'Password must contain at least 8 characters, including a number';
    setup('/auth/signup', { status: 'FIELD_ERROR', fields: { password: fieldErrorMessage({ code: 'password_too_short' }, english) } });
    fill('ada@example.com', 'short');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' })));
    expect(screen.getByText('Password must contain at least 8 characters, including a number')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/signup');
  });

  it('says when the credentials are wrong or attempts are rate limited', async () => {
    setup('/auth', { status: 'WRONG_CREDENTIALS' });
    fill('ada@example.com', 'wrong-pass1');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect email or password.');
  });

  it.each([
    ['en', 'Sign in', 'Too many attempts. Please wait a moment and try again.'],
    ['de', 'Anmelden', 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.'],
  ] as const)('says in %s when attempts are rate limited', async (locale, button, text) => {
    const actions = { signIn: vi.fn(async (): Promise<AuthOutcome> => ({ status: 'RATE_LIMITED' })), signUp: vi.fn() };
    renderAuthPage(<AuthPage actions={actions} />, { path: '/auth', locale });
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'ada@example.com' } });
    fireEvent.change(document.querySelector('input[type="password"]')!, { target: { value: 'wrong-pass1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

// Issue #16: the server answers 429 (rate limited) and 400 with field codes (an email or password too long).
describe("the sign-in calls' failures", () => {
  const response = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('maps 429 to RATE_LIMITED', async () => {
    expect(await failure(response(429, { code: 'rateLimited', message: 'Too many requests.' }))).toEqual({ status: 'RATE_LIMITED' });
  });

  it("maps a 400's field codes to field errors to translate", async () => {
    const outcome = await failure(response(400, { code: 'validation', message: 'x', field_codes: { email: { code: 'too_long', params: { limit: 254 } } } }));
    expect(outcome).toEqual({ status: 'FIELD_ERROR', fields: { email: fieldErrorMessage({ code: 'too_long', params: { limit: 254 } }) } });
  });

  it('leaves other failures as errors', async () => {
    expect(await failure(response(500, { code: 'general' }))).toMatchObject({ status: 'ERROR' });
    expect(await failure(new TypeError('fetch failed'))).toMatchObject({ status: 'ERROR' });
  });
});

describe("the sign-in page's language", () => {
  it('switches to German from its menu and keeps the choice for the next visit', async () => {
    setup('/auth', { status: 'OK' });
    fireEvent.click(screen.getByRole('button', { name: 'Language' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('language')).toBe('de');
  });
});
