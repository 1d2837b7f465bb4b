import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { AlertMailSection } from '../../../admin/settings/AlertMailSection';
import type { NotificationPreferences, NotificationPreferencesChange } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const stored: NotificationPreferences = {
  company_id: 'c1',
  email_mode: 'immediate',
  digest_hour: 7,
  channels: {
    battery_low: 'in_app',
    device_silent: 'email',
    gateway_disconnected: 'both',
    certificate_expiring: 'in_app',
    network_sync_failed: 'in_app',
    device_cannot_join: 'none',
    downlink_failed: 'in_app',
    rule_fired: 'in_app',
  },
};

const texts = {
  en: {
    title: 'Alerts',
    noCompany: 'Create or select a company to choose how its alerts reach you.',
    help: 'How the alerts of Acme reach you. E-mails go to ada@example.com.',
    silent: 'Device silent',
    byMail: 'By e-mail',
    both: 'Console and e-mail',
    mode: 'Alert e-mails',
    digest: 'One daily digest',
    hour: 'Digest time (UTC)',
    failed: 'You are not authorized to access this resource.',
  },
  de: {
    title: 'Alarme',
    noCompany: 'Legen Sie eine Firma an oder wählen Sie eine, um festzulegen, wie deren Alarme Sie erreichen.',
    help: 'Wie die Alarme von Acme Sie erreichen. E-Mails gehen an ada@example.com.',
    silent: 'Gerät meldet sich nicht',
    byMail: 'Per E-Mail',
    both: 'Console und E-Mail',
    mode: 'Alarm-E-Mails',
    digest: 'Eine tägliche Zusammenfassung',
    hour: 'Uhrzeit der Zusammenfassung (UTC)',
    failed: 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.',
  },
} as const;

/** Picks `option` in the select labelled `label` (MUI renders the options in a listbox). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await act(async () => fireEvent.click(within(listbox).getByRole('option', { name: option })));
}

describe.each(['en', 'de'] as const)('alert settings in %s', (locale) => {
  const t = texts[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (_width, pixels) => {
    beforeEach(() => {
      localStorage.clear();
      stubViewportWidth(pixels);
    });
    afterEach(signOut);

    it('empty: without a company it says to create or select one and asks nothing', async () => {
      await signInWith({ companies: [] });
      const notificationPreferences = vi.fn();
      renderInAdmin(<AlertMailSection />, { dataProvider: { notificationPreferences }, locale });
      expect(await screen.findByText(t.noCompany)).toBeInTheDocument();
      expect(screen.getByRole('region', { name: t.title })).toBeInTheDocument();
      expect(notificationPreferences).not.toHaveBeenCalled();
    });

    it('loading: a progress bar under the title', async () => {
      await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
      renderInAdmin(<AlertMailSection />, { dataProvider: { notificationPreferences: () => new Promise(() => undefined) }, locale });
      const region = await screen.findByRole('region', { name: t.title });
      expect(within(region).getByRole('progressbar')).toBeInTheDocument();
    });

    it('error: the failure in words, and Retry loads again', async () => {
      await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
      const notificationPreferences = vi.fn().mockRejectedValueOnce(new HttpError('app.errors.unauthorized', 403)).mockResolvedValue(stored);
      renderInAdmin(<AlertMailSection />, { dataProvider: { notificationPreferences }, locale });
      expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
      fireEvent.click(screen.getByRole('button', { name: locale === 'en' ? 'Retry' : 'Erneut versuchen' }));
      expect(await screen.findByRole('combobox', { name: t.silent })).toHaveTextContent(t.byMail);
    });

    it("success: the company's choices; a change is saved and the digest asks for its hour", async () => {
      await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
      const changes: NotificationPreferencesChange[] = [];
      const updateNotificationPreferences = vi.fn(async (change: NotificationPreferencesChange) => {
        changes.push(change);
        return { ...stored, ...change, channels: { ...stored.channels, ...change.channels } };
      });
      renderInAdmin(<AlertMailSection />, { dataProvider: { notificationPreferences: vi.fn(async () => stored), updateNotificationPreferences }, locale });
      expect(await screen.findByText(t.help)).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: t.silent })).toHaveTextContent(t.byMail);
      expect(screen.queryByRole('combobox', { name: t.hour })).toBeNull();
      await choose(t.silent, t.both);
      expect(changes).toEqual([{ company_id: 'c1', channels: { device_silent: 'both' } }]);
      expect(await screen.findByRole('combobox', { name: t.silent })).toHaveTextContent(t.both);
      await choose(t.mode, t.digest);
      expect(changes[1]).toEqual({ company_id: 'c1', email_mode: 'digest' });
      expect(await screen.findByRole('combobox', { name: t.hour })).toHaveTextContent('07:00 UTC');
    });

    it('a failed save says why and keeps the stored choice', async () => {
      await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
      renderInAdmin(<AlertMailSection />, {
        dataProvider: {
          notificationPreferences: vi.fn(async () => stored),
          updateNotificationPreferences: () => Promise.reject(new HttpError('app.errors.unauthorized', 403)),
        },
        locale,
      });
      await screen.findByText(t.help);
      await choose(t.silent, t.both);
      expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
      expect(screen.getByRole('combobox', { name: t.silent })).toHaveTextContent(t.byMail);
    });
  });
});
