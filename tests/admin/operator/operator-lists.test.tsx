import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { OperatorPage } from '../../../admin/operator/OperatorPage';
import { userStore } from '../../../admin/stores/userStore';
import type { CompanyMember, OperatorCompany, OperatorTenant, OperatorUser, User } from '../../../admin/types/api';
import { renderInAdmin } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const green: OperatorTenant = {
  id: 't1',
  name: 'Green Reseller',
  logo_url: null,
  color_hex: '#00AA00',
  owners: ['olga@green.example'],
  companies: 3,
  devices: 1234,
  created_at: '2026-02-01T10:00:00Z',
};
const amber: OperatorTenant = { ...green, id: 't2', name: 'Amber Resale', owners: [], companies: 0, devices: 0 };
const olga: OperatorUser = {
  id: 'u1',
  email: 'olga@green.example',
  first_name: 'Olga',
  last_name: 'Owner',
  email_verified: true,
  companies: [{ id: 'c1', name: 'Acme', role: 'owner' }],
  operator: null,
  created_at: '2026-02-01T10:00:00Z',
  last_sign_in_at: '2026-11-27T09:30:00Z',
};
const ops: OperatorUser = { ...olga, id: 'u2', email: 'ops@platform.example', first_name: '', last_name: '', companies: [], operator: 'environment' };
const granted: OperatorUser = { ...olga, id: 'u3', email: 'granted@platform.example', operator: 'granted', last_sign_in_at: null };
const me: OperatorUser = { ...granted, id: 'u-me', email: 'me@platform.example' };
const acme: OperatorCompany = {
  id: 'c1',
  name: 'Acme',
  plan: 'free',
  device_limit: null,
  token_quota: null,
  devices: 4,
  members: 1,
  tokens_this_month: 0,
  suspended_at: null,
  suspension_reason: null,
  created_at: '2026-01-05T10:00:00Z',
};
const member: CompanyMember = {
  id: 'u1',
  first_name: 'Olga',
  last_name: 'Owner',
  email: 'olga@green.example',
  role: 'owner',
  joined_at: '2026-01-05T10:00:00Z',
  last_active_at: null,
};
const page =
  <T,>(results: T[]) =>
  async () => ({ count: results.length, results });
const never = () => new Promise<never>(() => undefined);

const TEXTS = {
  en: {
    tenantsTab: 'Tenants',
    usersTab: 'Users',
    tenants: 'Tenants of the platform',
    users: 'Users of the platform',
    tenantsEmpty: 'No tenant matches.',
    usersEmpty: 'No user matches.',
    tenantsError: 'The tenants could not be loaded.',
    usersError: 'The users could not be loaded.',
    forbidden: 'Only platform operators may open the back-office.',
    editGreen: 'Edit Green Reseller',
    devices: /1,234/,
    owner: 'Acme (Owner)',
    environment: 'Operator (OPERATOR_EMAILS)',
    grant: 'Make operator',
    never: 'Never',
  },
  de: {
    tenantsTab: 'Mandanten',
    usersTab: 'Benutzer',
    tenants: 'Mandanten der Plattform',
    users: 'Benutzer der Plattform',
    tenantsEmpty: 'Kein Mandant passt.',
    usersEmpty: 'Kein Benutzer passt.',
    tenantsError: 'Die Mandanten konnten nicht geladen werden.',
    usersError: 'Die Benutzer konnten nicht geladen werden.',
    forbidden: 'Nur Betreiber der Plattform dürfen den Betreiberbereich öffnen.',
    editGreen: 'Green Reseller bearbeiten',
    devices: /1\.234/,
    owner: 'Acme (Inhaber)',
    environment: 'Betreiber (OPERATOR_EMAILS)',
    grant: 'Zum Betreiber machen',
    never: 'Nie',
  },
} as const;

afterEach(() => vi.unstubAllGlobals());

/** Opens the back-office on a tab with the given lists' answers. */
async function openTab(tab: string, dataProvider: Record<string, unknown>, locale: 'en' | 'de' = 'en') {
  renderInAdmin(<OperatorPage />, { locale, dataProvider: { operatorCompanies: vi.fn(page([acme])), ...dataProvider } });
  // The German texts load asynchronously: the tab has its name once they are in.
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

describe.each(['en', 'de'] as const)('operator tenants and users (%s)', (locale) => {
  const texts = TEXTS[locale];
  describe.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ] as const)('at %s width', (width, pixels) => {
    beforeEach(() => stubViewportWidth(pixels));
    const tenants = (operatorTenants: () => Promise<unknown>) => openTab(texts.tenantsTab, { operatorTenants: vi.fn(operatorTenants) }, locale);
    const users = (operatorUsers: () => Promise<unknown>) => openTab(texts.usersTab, { operatorUsers: vi.fn(operatorUsers) }, locale);

    it('loading: a progress bar in each list', async () => {
      await tenants(never);
      expect(within(await screen.findByRole('region', { name: texts.tenants })).getByRole('progressbar')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('tab', { name: texts.usersTab }));
      expect(screen.queryByRole('region', { name: texts.tenants })).toBeNull();
    });

    it('empty: says nothing matches', async () => {
      await tenants(page([]));
      expect(await screen.findByText(texts.tenantsEmpty)).toBeInTheDocument();
    });

    it('empty users: says nothing matches', async () => {
      await users(page([]));
      expect(await screen.findByText(texts.usersEmpty)).toBeInTheDocument();
    });

    it('error: the failure, and the refusal for a non-operator', async () => {
      await tenants(() => Promise.reject(new HttpError('app.errors.general', 500)));
      expect(await screen.findByRole('alert')).toHaveTextContent(texts.tenantsError);
      fireEvent.click(screen.getByRole('tab', { name: texts.usersTab }));
      expect(await screen.findByRole('alert')).toHaveTextContent(texts.usersError);
    });

    it('success: tenants with owners, companies and devices', async () => {
      await tenants(page([green, amber]));
      const region = await screen.findByRole('region', { name: texts.tenants });
      expect(await within(region).findByText('Green Reseller')).toBeInTheDocument();
      expect(within(region).getByText('Amber Resale')).toBeInTheDocument();
      expect(within(region).getAllByText(texts.devices).length).toBeGreaterThan(0);
      expect(within(region).getByRole('button', { name: texts.editGreen })).toBeInTheDocument();
      if (width === 'phone') expect(within(region).queryByRole('table')).toBeNull();
      else expect(within(region).getAllByRole('row')).toHaveLength(3);
    });

    it('success: users with companies and roles, operator rights and last sign-in', async () => {
      await users(page([olga, ops, granted]));
      const region = await screen.findByRole('region', { name: texts.users });
      expect(await within(region).findByText(olga.email, { exact: false })).toBeInTheDocument();
      expect(within(region).getAllByText(texts.owner, { exact: false }).length).toBeGreaterThan(0);
      expect(within(region).getByText(texts.environment)).toBeInTheDocument();
      expect(within(region).getAllByText(texts.never, { exact: false }).length).toBeGreaterThan(0);
      // One may grant Olga and revoke the granted one; OPERATOR_EMAILS' rights are not the console's.
      expect(within(region).getAllByRole('button', { name: new RegExp(texts.grant) })).toHaveLength(1);
      expect(within(region).getAllByRole('button', { name: /:/ })).toHaveLength(2);
      if (width === 'phone') expect(within(region).queryByRole('table')).toBeNull();
      else expect(within(region).getAllByRole('row')).toHaveLength(4);
    });
  });

  it('a non-operator (403) is told the back-office is for operators', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await openTab(texts.usersTab, { operatorUsers: vi.fn(() => Promise.reject(new HttpError('app.errors.unauthorized', 403))) }, locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.forbidden);
  });
});

describe('operator tenants and users: actions', () => {
  beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));

  it('searches, filters and sorts users in the API', async () => {
    const operatorUsers = vi.fn(page([olga]));
    await openTab('Users', { operatorUsers });
    await screen.findByText(olga.email);
    fireEvent.click(screen.getByRole('button', { name: 'Last sign-in' }));
    await vi.waitFor(() => expect(operatorUsers).toHaveBeenLastCalledWith(expect.objectContaining({ ordering: 'last_sign_in_at' }), 1, 25));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operator' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    await vi.waitFor(() => expect(operatorUsers).toHaveBeenLastCalledWith(expect.objectContaining({ operator: true }), 1, 25));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by e-mail or name' }), { target: { value: 'olga' } });
    await vi.waitFor(() => expect(operatorUsers).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'olga', operator: true }), 1, 25));
  });

  it('grants and revokes operator rights, never offering to revoke one’s own', async () => {
    const internals = userStore as unknown as { setState(patch: { user: User }): void };
    act(() =>
      internals.setState({
        user: {
          id: 'u-me',
          first_name: '',
          last_name: '',
          emails: [me.email],
          profile_picture: null,
          is_tenant_enabled: false,
          is_onboarded: true,
          language: 'en',
          is_operator: true,
        },
      }),
    );
    const setOperator = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new HttpError('app.errors.operator_self', 409));
    await openTab('Users', { operatorUsers: vi.fn(page([olga, granted, me])), setOperator });
    fireEvent.click(await screen.findByRole('button', { name: `Make operator: ${olga.email}` }));
    await vi.waitFor(() => expect(setOperator).toHaveBeenCalledWith('u1', true));
    expect(screen.queryByRole('button', { name: `Revoke operator: ${me.email}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Revoke operator: ${granted.email}` }));
    await vi.waitFor(() => expect(setOperator).toHaveBeenLastCalledWith('u3', false));
    userStore.reset();
  });

  it("edits a tenant's name and colour, refusing a colour that is not #RRGGBB", async () => {
    const updateOperatorTenant = vi.fn(async () => undefined);
    await openTab('Tenants', { operatorTenants: vi.fn(page([green])), updateOperatorTenant });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Green Reseller' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Colour' }), { target: { value: 'green' } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Colour' }), { target: { value: '#112233' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: ' Green Resale ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(updateOperatorTenant).toHaveBeenCalledWith('t1', { name: 'Green Resale', color_hex: '#112233', logo_url: null }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows a company's members with their roles in its dialog", async () => {
    const operatorCompanyMembers = vi.fn(async () => [member]);
    renderInAdmin(<OperatorPage />, { dataProvider: { operatorCompanies: vi.fn(page([acme])), operatorCompanyMembers } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Acme' }));
    const members = await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Members' });
    expect(await within(members).findByText('Olga Owner')).toBeInTheDocument();
    expect(within(members).getByText(/olga@green\.example · Owner/)).toBeInTheDocument();
    expect(operatorCompanyMembers).toHaveBeenCalledWith('c1');
  });
});
