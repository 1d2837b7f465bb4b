import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { OperatorPage } from '../../../admin/operator/OperatorPage';
import { parseOverride } from '../../../admin/operator/ManageCompanyDialog';
import type { OperatorCompany } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const acme: OperatorCompany = {
  id: 'c1',
  name: 'Acme',
  plan: 'free',
  device_limit: null,
  token_quota: null,
  devices: 4,
  members: 2,
  tokens_this_month: 1234,
  suspended_at: null,
  suspension_reason: null,
  created_at: '2026-01-05T10:00:00Z',
};
const beta: OperatorCompany = {
  ...acme,
  id: 'c2',
  name: 'Beta',
  plan: 'pro',
  device_limit: 50,
  devices: 40,
  tokens_this_month: 0,
  suspended_at: '2026-11-20T08:00:00Z',
  suspension_reason: 'Invoice unpaid',
};
const page = (results: OperatorCompany[]) => async () => ({ count: results.length, results });
const never = () => new Promise<never>(() => undefined);

const TEXTS = {
  en: {
    title: 'Companies of the platform',
    empty: 'No company matches.',
    error: 'The companies could not be loaded.',
    forbidden: 'Only platform operators may open the back-office.',
    suspended: 'Suspended',
    free: 'Free',
    manage: 'Manage Beta',
  },
  de: {
    title: 'Firmen der Plattform',
    empty: 'Keine Firma passt.',
    error: 'Die Firmen konnten nicht geladen werden.',
    forbidden: 'Nur Betreiber der Plattform dürfen den Betreiberbereich öffnen.',
    suspended: 'Gesperrt',
    free: 'Free',
    manage: 'Beta verwalten',
  },
} as const;

afterEach(() => vi.unstubAllGlobals());

describe.each(['en', 'de'] as const)('operator back-office (%s)', (locale) => {
  const texts = TEXTS[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (width, pixels) => {
    beforeEach(() => stubViewportWidth(pixels));
    const open = (operatorCompanies: () => Promise<unknown>) =>
      renderInAdmin(<OperatorPage />, { locale, dataProvider: { operatorCompanies: vi.fn(operatorCompanies) } });

    it('loading: a progress bar', async () => {
      open(never);
      const region = await screen.findByRole('region', { name: texts.title });
      expect(within(region).getByRole('progressbar')).toBeInTheDocument();
    });

    it('empty: says no company matches', async () => {
      open(page([]));
      expect(await screen.findByText(texts.empty)).toBeInTheDocument();
    });

    it('error: the failure', async () => {
      open(() => Promise.reject(new HttpError('app.errors.general', 500)));
      expect(await screen.findByRole('alert')).toHaveTextContent(texts.error);
    });

    it('success: every company with plan, devices, tokens and suspension', async () => {
      open(page([acme, beta]));
      const region = await screen.findByRole('region', { name: texts.title });
      expect(await within(region).findByText('Acme')).toBeInTheDocument();
      expect(within(region).getByText('Beta')).toBeInTheDocument();
      expect(within(region).getByText(texts.suspended)).toBeInTheDocument();
      expect(within(region).getByText(locale === 'de' ? /1\.234/ : /1,234/)).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: texts.manage })).toBeInTheDocument();
      if (width === 'phone') expect(within(region).queryByRole('table')).toBeNull();
      else expect(within(region).getAllByRole('row')).toHaveLength(3);
    });
  });

  it('a non-operator (403) is told the back-office is for operators', async () => {
    renderInAdmin(<OperatorPage />, {
      locale,
      dataProvider: { operatorCompanies: vi.fn(() => Promise.reject(new HttpError('app.errors.unauthorized', 403))) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.forbidden);
  });
});

describe('operator back-office actions', () => {
  beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));

  it('filters and sorts in the API', async () => {
    const operatorCompanies = vi.fn(page([acme, beta]));
    renderInAdmin(<OperatorPage />, { dataProvider: { operatorCompanies } });
    await screen.findByText('Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Devices' }));
    await vi.waitFor(() => expect(operatorCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ ordering: 'devices' }), 1, 25));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await vi.waitFor(() => expect(operatorCompanies).toHaveBeenLastCalledWith(expect.objectContaining({ suspended: true }), 1, 25));
  });

  it('changes plan and limits, refusing a limit that is not a whole number', async () => {
    const updateOperatorCompany = vi.fn(async () => undefined);
    renderInAdmin(<OperatorPage />, { dataProvider: { operatorCompanies: vi.fn(page([acme])), updateOperatorCompany } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Acme' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pro' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Device limit' }), { target: { value: '-3' } });
    expect(within(dialog).getByRole('button', { name: 'Save plan and limits' })).toBeDisabled();
    expect(within(dialog).getByText('A whole number from 0 to 100000000, or empty.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Device limit' }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan and limits' }));
    await vi.waitFor(() => expect(updateOperatorCompany).toHaveBeenCalledWith('c1', { plan: 'pro', device_limit: 12, token_quota: null }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('suspends with a reason, and shows a refusal in the dialog', async () => {
    const suspendCompany = vi.fn().mockRejectedValueOnce(new HttpError('app.errors.notFound', 404)).mockResolvedValueOnce(undefined);
    renderInAdmin(<OperatorPage />, { dataProvider: { operatorCompanies: vi.fn(page([acme, beta])), suspendCompany } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Acme' }));
    const dialog = await screen.findByRole('dialog');
    const suspend = within(dialog).getByRole('button', { name: 'Suspend' });
    expect(suspend).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason for the suspension' }), { target: { value: ' Unpaid ' } });
    fireEvent.click(suspend);
    expect(await within(dialog).findByText('The requested resource was not found.')).toBeInTheDocument();
    fireEvent.click(suspend);
    await vi.waitFor(() => expect(suspendCompany).toHaveBeenLastCalledWith('c1', 'Unpaid'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resumes a suspended company, showing why it was suspended', async () => {
    const resumeCompany = vi.fn(async () => undefined);
    renderInAdmin(<OperatorPage />, { dataProvider: { operatorCompanies: vi.fn(page([acme, beta])), resumeCompany } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Beta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suspended: Invoice unpaid')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await vi.waitFor(() => expect(resumeCompany).toHaveBeenCalledWith('c2'));
  });

  it("reads an override: empty is the plan's, else a whole number within bounds", () => {
    expect(parseOverride('')).toBeNull();
    expect(parseOverride(' 7 ')).toBe(7);
    expect(parseOverride('1.5')).toBeUndefined();
    expect(parseOverride('-1')).toBeUndefined();
    expect(parseOverride('100000001')).toBeUndefined();
  });
});
