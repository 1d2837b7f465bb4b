import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VerifyEmailBanner } from '../../../admin/layout/VerifyEmailBanner';
import { renderInAdmin } from '../helpers';

function setup(isVerified: () => Promise<boolean>, resend: () => Promise<'SENT' | 'ALREADY_VERIFIED'> = async () => 'SENT', locale?: 'en' | 'de') {
  const actions = { isVerified: vi.fn(isVerified), resend: vi.fn(resend) };
  renderInAdmin(
    <>
      <VerifyEmailBanner actions={actions} />
      <p>page</p>
    </>,
    locale ? { locale } : {},
  );
  return actions;
}

describe('the verification banner', () => {
  it.each([
    ['en', 'Please confirm your e-mail address: we sent you a link.', 'Send the link again', 'A new link is on its way. Check your inbox.'],
    [
      'de',
      'Bitte bestätigen Sie Ihre E-Mail-Adresse: Wir haben Ihnen einen Link geschickt.',
      'Link erneut senden',
      'Ein neuer Link ist unterwegs. Sehen Sie in Ihrem Posteingang nach.',
    ],
  ] as const)('reminds an unverified user in %s and mails the link again', async (locale, text, button, sent) => {
    const actions = setup(async () => false, undefined, locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: button })));
    expect(actions.resend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(sent)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing while asking, and nothing once verified', async () => {
    const actions = setup(() => new Promise<boolean>(() => undefined));
    await waitFor(() => expect(actions.isVerified).toHaveBeenCalled());
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing for a verified user', async () => {
    const actions = setup(async () => true);
    await waitFor(() => expect(actions.isVerified).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when resending is rate limited', async () => {
    setup(
      async () => false,
      async () => Promise.reject(new Response('{}', { status: 429 })),
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' })));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });
});
