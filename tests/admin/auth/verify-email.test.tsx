import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VerifyEmailPage } from '../../../admin/auth/VerifyEmailPage';
import { renderAuthPage } from './render';

const render = (verify: () => Promise<'VERIFIED' | 'INVALID_TOKEN'>, locale?: 'en' | 'de') => {
  const spy = vi.fn(verify);
  renderAuthPage(<VerifyEmailPage verify={spy} />, { path: '/auth/verify-email?token=abc', ...(locale ? { locale } : {}) });
  return spy;
};

describe('the verification link page (/auth/verify-email)', () => {
  it.each([
    ['en', 'Thank you: your e-mail address is confirmed.'],
    ['de', 'Danke: Ihre E-Mail-Adresse ist bestätigt.'],
  ] as const)('confirms the address once, in %s', async (locale, text) => {
    const verify = render(async () => 'VERIFIED', locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('shows the confirmation under way', async () => {
    render(() => new Promise(() => undefined));
    expect(await screen.findByRole('progressbar', { name: 'Confirming your address…' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'This link is invalid, has expired or has been used already. Sign in and ask for a new one.'],
    ['de', 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Melden Sie sich an und fordern Sie einen neuen an.'],
  ] as const)('says in %s when the link no longer works', async (locale, text) => {
    render(async () => 'INVALID_TOKEN', locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says when the network fails', async () => {
    render(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).not.toHaveTextContent('confirmed');
  });
});
