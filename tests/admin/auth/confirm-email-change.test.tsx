import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmEmailChangePage, type LinkOutcome } from '../../../admin/auth/VerifyEmailPage';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';
import { renderAuthPage } from './render';

const render = (confirm: () => Promise<LinkOutcome>, locale: 'en' | 'de') => {
  const spy = vi.fn(confirm);
  renderAuthPage(<ConfirmEmailChangePage verify={spy} />, { path: '/auth/confirm-email-change?token=abc', locale });
  return spy;
};

const texts = {
  en: {
    pending: 'Changing your address…',
    done: 'Your e-mail address has been changed. From now on, sign in with the new address.',
    invalid: 'This link is invalid, has expired or has been used already. Ask for the change again under Settings.',
    taken: 'Another account has started using this address meanwhile: your address stays as it was.',
    failed: 'Network error. Please check your connection.',
  },
  de: {
    pending: 'Ihre Adresse wird geändert…',
    done: 'Ihre E-Mail-Adresse wurde geändert. Melden Sie sich ab jetzt mit der neuen Adresse an.',
    invalid: 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Fordern Sie die Änderung unter Einstellungen erneut an.',
    taken: 'Ein anderes Konto verwendet diese Adresse inzwischen: Ihre Adresse bleibt unverändert.',
    failed: 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.',
  },
} as const;

describe.each(['en', 'de'] as const)('the page of the link mailed to a new address (/auth/confirm-email-change) in %s', (locale) => {
  const t = texts[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (_width, pixels) => {
    it('loading: the change under way', async () => {
      stubViewportWidth(pixels);
      render(() => new Promise(() => undefined), locale);
      expect(await screen.findByRole('progressbar', { name: t.pending })).toBeInTheDocument();
    });

    it('success: switches the address once', async () => {
      stubViewportWidth(pixels);
      const confirm = render(async () => 'VERIFIED', locale);
      expect(await screen.findByRole('alert')).toHaveTextContent(t.done);
      expect(confirm).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['INVALID_TOKEN', 'invalid'],
      ['EMAIL_TAKEN', 'taken'],
    ] as const)('empty: a link that changes nothing (%s) says why', async (outcome, text) => {
      stubViewportWidth(pixels);
      render(async () => outcome, locale);
      expect(await screen.findByRole('alert')).toHaveTextContent(t[text]);
    });

    it('error: the network failure in words', async () => {
      stubViewportWidth(pixels);
      render(async () => Promise.reject(new TypeError('Failed to fetch')), locale);
      expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
    });
  });
});
