import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { UsagePage } from '../../../admin/usage/UsagePage';
import type { BillPreview, Usage } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';

const usage: Usage = {
  company_id: 'c1',
  plan: 'basic',
  suspended: false,
  month: '2026-12',
  devices: { count: 10, limit: null },
  tokens: {
    used: 150_000,
    quota: 8_000,
    remaining: 0,
    overage: true,
    daily: [
      { day: '2026-12-01', tokens: 100_000 },
      { day: '2026-12-14', tokens: 50_000 },
    ],
  },
  sample_retention_days: 31,
  history: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, tokens: i === 11 ? 150_000 : 0 })),
};
const monthly: BillPreview = {
  tier: 'basic',
  months: 1,
  projected_tokens: 310_000,
  tokens: { used: 310_000, free: 8_000, billable: 302_000, blocks: 4, overage: true },
  lines: [
    { key: 'devices', quantity: 10, unitPrice: 1, amount: 10, when: 'recurring' },
    { key: 'tokens', quantity: 4, unitPrice: 10, amount: 40, when: 'recurring' },
  ],
  recurring: 50,
  once: 0,
};
const yearly: BillPreview = {
  ...monthly,
  months: 12,
  lines: [
    { key: 'devices', quantity: 120, unitPrice: 1, amount: 120, when: 'recurring' },
    { key: 'yearlyDiscount', quantity: 120, unitPrice: -0.1, amount: -12, when: 'recurring' },
    { key: 'tokens', quantity: 48, unitPrice: 10, amount: 480, when: 'recurring' },
  ],
  recurring: 588,
};
const empty: Usage = {
  ...usage,
  plan: 'free',
  devices: { count: 0, limit: 5 },
  tokens: { used: 0, quota: 4_000, remaining: 4_000, overage: false, daily: [] },
};
const freeBill: BillPreview = { ...monthly, tier: 'free', lines: [monthly.lines[0] as BillPreview['lines'][number]], recurring: 0 };

const withCompany = () => signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
const answers = (u: () => Promise<Usage>, b: (billing: string) => Promise<BillPreview>) => ({
  usage: u,
  billPreview: (_: string, billing: string) => b(billing),
});

describe.each([
  [
    'en',
    {
      title: 'Usage',
      devices: '10 (no limit)',
      tokens: /150,000 of 8,000 free tokens/,
      total: 'Total per month',
      year: 'Yearly',
      none: 'No API tokens used this month.',
      limit: '0 of 5',
    },
  ],
  [
    'de',
    {
      title: 'Nutzung',
      devices: '10 (ohne Grenze)',
      tokens: /150\.000 von 8\.000 freien Tokens/,
      total: 'Summe pro Monat',
      year: 'Jährlich',
      none: 'In diesem Monat wurden keine API-Tokens verbraucht.',
      limit: '0 von 5',
    },
  ],
] as const)('usage screen (%s)', (locale, texts) => {
  beforeEach(() => localStorage.clear());
  afterEach(signOut);

  it('loading: a progress bar', async () => {
    await withCompany();
    renderInAdmin(<UsagePage />, {
      locale,
      dataProvider: answers(
        () => new Promise(() => undefined),
        () => new Promise(() => undefined),
      ),
    });
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  });

  it('success: plan, devices, tokens against the quota, the itemised bill, monthly and yearly, and 12 months', async () => {
    await withCompany();
    const bill = vi.fn(async (billing: string) => (billing === 'yearly' ? yearly : monthly));
    renderInAdmin(<UsagePage />, { locale, dataProvider: answers(async () => usage, bill) });
    expect(await screen.findByText(texts.devices)).toBeInTheDocument();
    expect(screen.getByTestId('usage-plan')).toHaveTextContent('Basic');
    expect(screen.getByText(texts.tokens)).toBeInTheDocument();
    expect(screen.getByTestId('bill-total')).toHaveTextContent('50');
    expect(screen.getByText(texts.total)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: locale === 'de' ? 'Preise und Tarife' : 'Prices and plans' })).toHaveAttribute('href', '/pricing/');
    expect(within(screen.getByRole('region', { name: locale === 'de' ? 'Letzte 12 Monate' : 'Last 12 months' })).getAllByRole('row')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: texts.year }));
    expect(await screen.findByTestId('bill-yearlyDiscount')).toBeInTheDocument();
    expect(screen.getByTestId('bill-total')).toHaveTextContent('588');
    expect(bill).toHaveBeenCalledWith('yearly');
  });

  it('empty: a Free company without use shows its limit and no chart', async () => {
    await withCompany();
    renderInAdmin(<UsagePage />, {
      locale,
      dataProvider: answers(
        async () => empty,
        async () => freeBill,
      ),
    });
    expect(await screen.findByText(texts.none)).toBeInTheDocument();
    expect(screen.getByText(texts.limit)).toBeInTheDocument();
    expect(screen.getByTestId('usage-plan')).toHaveTextContent('Free');
  });

  it('error: the translated failure', async () => {
    await withCompany();
    renderInAdmin(<UsagePage />, {
      locale,
      dataProvider: answers(
        () => Promise.reject(new HttpError('app.errors.networkError', 0)),
        async () => monthly,
      ),
    });
    expect(
      await screen.findByText(locale === 'de' ? 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.' : 'Network error. Please check your connection.'),
    ).toBeInTheDocument();
  });
});
