import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from '../../../admin/auth/ResetPasswordPage';
import type { ResetOutcome } from '../../../admin/auth/session';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { renderAuthPage } from './render';

function setup(path: string, outcome: ResetOutcome | Promise<ResetOutcome>, locale?: 'en' | 'de') {
  const actions = { request: vi.fn(() => Promise.resolve(outcome)), submit: vi.fn(() => Promise.resolve(outcome)) };
  renderAuthPage(<ResetPasswordPage actions={actions} />, { path, ...(locale ? { locale } : {}) });
  return actions;
}

const type = (value: string) => fireEvent.change(document.querySelector('input')!, { target: { value } });

describe('password reset pages (/auth/reset-password)', () => {
  it.each([
    ['en', 'Reset your password', 'Send link', 'If an account uses this address, a link to reset its password is on its way. It works for one hour.'],
    [
      'de',
      'Passwort zurücksetzen',
      'Link senden',
      'Falls ein Konto diese Adresse nutzt, ist ein Link zum Zurücksetzen des Passworts unterwegs. Er gilt eine Stunde.',
    ],
  ] as const)('asks in %s for the address and says a link is on its way', async (locale, title, button, sent) => {
    const actions = setup('/auth/reset-password', { status: 'OK' }, locale);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    type('ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })));
    expect(actions.request).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(sent);
  });

  it('checks the address before asking the server', async () => {
    const actions = setup('/auth/reset-password', { status: 'OK' });
    type('not-an-address');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send link' })));
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(actions.request).not.toHaveBeenCalled();
  });

  it('shows the request under way', async () => {
    setup('/auth/reset-password', new Promise<ResetOutcome>(() => undefined));
    type('ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send link' })));
    // The form validates before it sends: wait for the busy state rather than assume one render.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send link' })).toBeDisabled());
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('says when the network fails or requests are rate limited', async () => {
    setup('/auth/reset-password', { status: 'ERROR', error: new TypeError('Failed to fetch') });
    type('ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send link' })));
    expect(await screen.findByRole('alert')).not.toHaveTextContent('If an account');
  });

  it.each([
    ['en', 'New password', 'Set password', 'Your password has been changed. You have been signed out everywhere; sign in with the new password.'],
    ['de', 'Neues Passwort', 'Passwort speichern', 'Ihr Passwort wurde geändert. Sie wurden überall abgemeldet; melden Sie sich mit dem neuen Passwort an.'],
  ] as const)('with a token sets the new password in %s', async (locale, label, button, changed) => {
    const actions = setup('/auth/reset-password?token=abc', { status: 'OK' }, locale);
    expect(await screen.findByLabelText(label)).toHaveAttribute('type', 'password');
    type('new battery staple 7');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })));
    expect(actions.submit).toHaveBeenCalledWith('new battery staple 7');
    expect(await screen.findByRole('alert')).toHaveTextContent(changed);
  });

  it.each([
    ['en', 'Set password', 'This link is invalid, has expired or has been used already.', 'Request a new link'],
    ['de', 'Passwort speichern', 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.', 'Neuen Link anfordern'],
  ] as const)('says in %s when the link no longer works, and offers a new one', async (locale, button, text, again) => {
    setup('/auth/reset-password?token=used', { status: 'INVALID_TOKEN' }, locale);
    const submit = await screen.findByRole('button', { name: button });
    type('new battery staple 7');
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: again })).toHaveAttribute('href', '/auth/reset-password');
  });

  it("shows the server's password rule at the field", async () => {
    const english = 'Password must contain at least 8 characters, including a number';
    setup('/auth/reset-password?token=abc', { status: 'FIELD_ERROR', fields: { password: fieldErrorMessage({ code: 'password_too_short' }, english) } });
    type('short');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set password' })));
    expect(await screen.findByText(english)).toBeInTheDocument();
  });
});
