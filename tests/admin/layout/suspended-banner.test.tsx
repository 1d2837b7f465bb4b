import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SuspendedBanner } from '../../../admin/layout/SuspendedBanner';
import { companyStore } from '../../../admin/stores/companyStore';
import type { Company } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const active: Company = {
  id: 'c1',
  name: 'Acme',
  tenant_id: null,
  role: 'member',
  plan: 'basic',
  sample_retention_days: 31,
  suspended_at: null,
  suspension_reason: null,
  suspension_contact: null,
  created_at: '2026-01-01T00:00:00Z',
};
const suspended: Company = {
  ...active,
  id: 'c2',
  name: 'Beta',
  suspended_at: '2026-11-20T08:00:00Z',
  suspension_reason: 'Invoice unpaid',
  suspension_contact: 'ops@platform.example',
};

const TEXTS = {
  en: {
    title: 'Beta is suspended',
    readOnly: /You can read its data but not change it/,
    reason: 'Reason: Invoice unpaid',
    contact: /Questions\? Write to/,
    fallback: 'Questions? Contact the operator of the platform.',
  },
  de: {
    title: 'Beta ist gesperrt',
    readOnly: /Sie können die Daten lesen, aber nicht ändern/,
    reason: 'Grund: Invoice unpaid',
    contact: /Fragen\? Schreiben Sie an/,
    fallback: 'Fragen? Wenden Sie sich an den Betreiber der Plattform.',
  },
} as const;

describe.each(['en', 'de'] as const)('suspended company banner (%s)', (locale) => {
  const texts = TEXTS[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (_width, pixels) => {
    beforeEach(() => {
      localStorage.clear();
      stubViewportWidth(pixels);
    });
    afterEach(signOut);

    it('loading: nothing before the companies are loaded', () => {
      renderInAdmin(<SuspendedBanner />, { locale });
      expect(screen.queryByTestId('suspended-banner')).toBeNull();
    });

    it('empty: nothing without a company, or for one that is not suspended', async () => {
      await signInWith({ companies: [] });
      const { unmount } = renderInAdmin(<SuspendedBanner />, { locale });
      expect(screen.queryByTestId('suspended-banner')).toBeNull();
      unmount();
      signOut();
      await signInWith({ companies: [active, suspended] });
      renderInAdmin(<SuspendedBanner />, { locale });
      expect(companyStore.getState().selectedCompanyId).toBe('c1');
      expect(screen.queryByTestId('suspended-banner')).toBeNull();
    });

    it('error: nothing when the companies failed to load (the page says why)', async () => {
      await expect(signInWith({ companies: 'broken' as unknown as Company[] })).rejects.toBeDefined();
      renderInAdmin(<SuspendedBanner />, { locale });
      expect(screen.queryByTestId('suspended-banner')).toBeNull();
    });

    it('success: the reason, that data is read-only, and whom to write to', async () => {
      await signInWith({ companies: [suspended, active] });
      renderInAdmin(<SuspendedBanner />, { locale });
      const banner = await screen.findByTestId('suspended-banner');
      expect(banner).toHaveTextContent(texts.title);
      expect(banner).toHaveTextContent(texts.readOnly);
      expect(banner).toHaveTextContent(texts.reason);
      expect(banner).toHaveTextContent(texts.contact);
      expect(screen.getByRole('link', { name: 'ops@platform.example' })).toHaveAttribute('href', 'mailto:ops@platform.example');
    });

    it('success without a stored contact: the operator in general', async () => {
      await signInWith({ companies: [{ ...suspended, suspension_contact: null }] });
      renderInAdmin(<SuspendedBanner />, { locale });
      expect(await screen.findByTestId('suspended-banner')).toHaveTextContent(texts.fallback);
    });
  });
});

afterEach(() => vi.unstubAllGlobals());
