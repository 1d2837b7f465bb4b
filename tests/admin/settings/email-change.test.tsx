import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { EmailChangeSection } from '../../../admin/settings/EmailChangeSection';
import { userStore } from '../../../admin/stores/userStore';
import { fieldErrorMessages } from '../../../admin/providers/serverMessages';
import type { EmailChangeBody, EmailChangeStatus } from '../../../admin/types/api';
import { jsonResponse, renderInAdmin, sampleUser, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const none: EmailChangeStatus = { email: 'ada@example.com', pending: null };
const pending: EmailChangeStatus = { email: 'ada@example.com', pending: { email: 'ada@new.example', expires_at: '2030-01-02T03:04:00Z' } };

const texts = {
  en: {
    title: 'E-mail address',
    current: 'You sign in with ada@example.com.',
    change: 'Change e-mail address',
    newEmail: 'New e-mail address',
    password: 'Current password',
    send: 'Send confirmation link',
    pending: /Waiting for confirmation: we sent a link to ada@new\.example/,
    resend: 'Send the link again',
    cancel: 'Cancel the change',
    failed: 'You are not authorized to access this resource.',
    wrongPassword: 'The password is not correct.',
    inUse: 'Another account uses this address.',
    invalid: 'Please enter a valid email address.',
    limited: 'Too many attempts. Please wait a moment and try again.',
    retry: 'Retry',
  },
  de: {
    title: 'E-Mail-Adresse',
    current: 'Sie melden sich mit ada@example.com an.',
    change: 'E-Mail-Adresse ändern',
    newEmail: 'Neue E-Mail-Adresse',
    password: 'Aktuelles Passwort',
    send: 'Bestätigungslink senden',
    pending: /Wartet auf Bestätigung: Wir haben einen Link an ada@new\.example gesendet/,
    resend: 'Link erneut senden',
    cancel: 'Änderung abbrechen',
    failed: 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.',
    wrongPassword: 'Das Passwort ist nicht korrekt.',
    inUse: 'Ein anderes Konto verwendet diese Adresse.',
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    limited: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
} as const;

/** The error the data provider throws for a refused field (dataProvider.ts `call`). */
const fieldRefusal = (status: number, field: string, code: string) =>
  new HttpError('app.errors.validation', status, { code: 'validation', errors: fieldErrorMessages({}, { [field]: { code } }) });

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe.each(['en', 'de'] as const)('e-mail address settings in %s', (locale) => {
  const t = texts[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (_width, pixels) => {
    beforeEach(async () => {
      localStorage.clear();
      stubViewportWidth(pixels);
      await signInWith({ user: { ...sampleUser, emails: ['ada@example.com'] } });
    });
    afterEach(signOut);

    it('loading: a progress bar under the title', async () => {
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange: () => new Promise(() => undefined) }, locale });
      const region = await screen.findByRole('region', { name: t.title });
      expect(within(region).getByRole('progressbar')).toBeInTheDocument();
    });

    it('error: the failure in words, and Retry loads again', async () => {
      const emailChange = vi.fn().mockRejectedValueOnce(new HttpError('app.errors.unauthorized', 403)).mockResolvedValue(none);
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange }, locale });
      expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
      fireEvent.click(screen.getByRole('button', { name: t.retry }));
      expect(await screen.findByText(t.current)).toBeInTheDocument();
    });

    it('empty: nothing pending; the form asks for the new address and the password, and checks them first', async () => {
      const requestEmailChange = vi.fn();
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange: vi.fn(async () => none), requestEmailChange }, locale });
      expect(await screen.findByText(t.current)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: t.change }));
      fill(t.newEmail, 'not-an-address');
      fireEvent.click(screen.getByRole('button', { name: t.send }));
      expect(await screen.findByText(t.invalid)).toBeInTheDocument();
      expect(requestEmailChange).not.toHaveBeenCalled();
    });

    it('success: a request shows the pending change with resend and cancel', async () => {
      const requests: EmailChangeBody[] = [];
      const requestEmailChange = vi.fn(async (body: EmailChangeBody) => {
        requests.push(body);
        return pending;
      });
      const resendEmailChange = vi.fn(async () => pending);
      const emailChange = vi.fn().mockResolvedValueOnce(none).mockResolvedValue(none);
      const cancelEmailChange = vi.fn(async () => undefined);
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange, requestEmailChange, resendEmailChange, cancelEmailChange }, locale });
      fireEvent.click(await screen.findByRole('button', { name: t.change }));
      fill(t.newEmail, ' ada@new.example ');
      fill(t.password, 'correct horse 42');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.send })));
      expect(requests).toEqual([{ email: 'ada@new.example', password: 'correct horse 42' }]);
      expect(await screen.findByText(t.pending)).toBeInTheDocument();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.resend })));
      expect(resendEmailChange).toHaveBeenCalledOnce();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.cancel })));
      expect(cancelEmailChange).toHaveBeenCalledOnce();
      expect(await screen.findByRole('button', { name: t.change })).toBeInTheDocument();
    });

    it("error: the server's field problems under their fields, translated", async () => {
      const requestEmailChange = vi
        .fn()
        .mockRejectedValueOnce(fieldRefusal(400, 'password', 'password_wrong'))
        .mockRejectedValueOnce(fieldRefusal(409, 'email', 'email_in_use'))
        .mockRejectedValueOnce(new HttpError('app.errors.general', 429, { code: 'rateLimited' }));
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange: vi.fn(async () => none), requestEmailChange }, locale });
      fireEvent.click(await screen.findByRole('button', { name: t.change }));
      fill(t.newEmail, 'ada@new.example');
      fill(t.password, 'guess');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.send })));
      expect(await screen.findByText(t.wrongPassword)).toBeInTheDocument();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.send })));
      expect(await screen.findByText(t.inUse)).toBeInTheDocument();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: t.send })));
      expect(await screen.findByRole('alert')).toHaveTextContent(t.limited);
    });

    it('the cached user follows an address changed elsewhere', async () => {
      const moved: EmailChangeStatus = { email: 'ada@new.example', pending: null };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ ...sampleUser, emails: ['ada@new.example'] })),
      );
      renderInAdmin(<EmailChangeSection />, { dataProvider: { emailChange: vi.fn(async () => moved) }, locale });
      await vi.waitFor(() => expect(userStore.getState().user?.emails).toEqual(['ada@new.example']));
    });
  });
});
