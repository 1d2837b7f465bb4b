import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, RecordContextProvider } from 'react-admin';
import { CompanyList } from '../../../admin/companies/CompanyList';
import { CompanyPeople } from '../../../admin/companies/CompanyPeople';
import { PlanNotice } from '../../../admin/companies/PlanNotice';
import { JoinCompanyButton } from '../../../admin/companies/JoinCompanyButton';
import { companyStore } from '../../../admin/stores/companyStore';
import { connectStores, jsonResponse, renderInAdmin, signInWith, signOut } from '../helpers';
import { describeListStates, describePhoneCards, listAnswers } from '../listStates';
import type { CompanyPeople as People } from '../../../admin/types/api';

beforeAll(connectStores);

const people: People = {
  users: [
    {
      id: 'u1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      role: 'owner',
      joined_at: '2026-11-01T00:00:00.000Z',
      last_active_at: null,
    },
    { id: 'u2', first_name: 'Bob', last_name: '', email: 'bob@example.com', role: 'member', joined_at: '2026-11-02T00:00:00.000Z', last_active_at: null },
  ],
  invites: [
    {
      id: 'i1',
      company_id: 'c1',
      email: 'carol@example.com',
      code: 'ABCD-EFGH-JKLM',
      sent_at: '2026-11-20T00:00:00.000Z',
      role: 'member',
      expires_at: '2026-11-27T00:00:00.000Z',
      expired: false,
      is_open: false,
    },
  ],
};

describeListStates(
  'companies',
  () => <CompanyList />,
  { id: 'c1', name: 'Acme', role: 'owner', plan: 'free', sample_retention_days: 31, created_at: '2026-11-01T00:00:00.000Z' },
  /No Companies found/i,
);

describe('company users and invites', () => {
  beforeEach(() => signInWith());
  afterEach(signOut);

  const renderPeople = (dataProvider: Record<string, unknown>) =>
    renderInAdmin(<CompanyPeople />, { path: '/companies/c1', routePath: '/companies/:id', dataProvider });

  it('loading', () => {
    renderPeople({ companyPeople: () => new Promise(() => undefined) });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('error', async () => {
    renderPeople({ companyPeople: () => Promise.reject(new HttpError('app.errors.notFound', 404)) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The requested resource was not found.');
  });

  it("success: users with the current one marked 'You', and the pending invites with sent date and code", async () => {
    renderPeople({ companyPeople: async () => people });
    const users = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(
        within(users)
          .getByText(/Ada Lovelace/)
          .closest('tr') as HTMLElement,
      ).getByText('You'),
    ).toBeInTheDocument();
    expect(within(within(users).getByText('Bob').closest('tr') as HTMLElement).queryByText('You')).toBeNull();
    const invites = screen.getByRole('table', { name: 'Pending invites' });
    expect(within(invites).getByText('carol@example.com')).toBeInTheDocument();
    expect(within(invites).getByTestId('invite-code')).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(within(invites).getByText('Nov 20, 2026')).toBeInTheDocument();
  });

  it('empty invites: says there are none', async () => {
    renderPeople({ companyPeople: async () => ({ ...people, invites: [] }) });
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });

  it('inviting needs a valid email; a valid one is sent and the list reloads', async () => {
    const inviteUser = vi.fn(async () => people.invites[0]);
    const companyPeople = vi.fn(async () => people);
    renderPeople({ companyPeople, inviteUser });
    await screen.findByRole('table', { name: 'Users' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Invite' })));
    expect(screen.getByText('Required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Invite by email'), { target: { value: 'not-an-email' } });
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(inviteUser).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Invite by email'), { target: { value: ' dave@example.com ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Invite' })));
    expect(inviteUser).toHaveBeenCalledWith('c1', 'dave@example.com', { role: 'member', expires_in_days: 7, is_open: false });
    await waitFor(() => expect(companyPeople).toHaveBeenCalledTimes(2));
  });

  it('copies a code, and deletes an invite only after confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const deleteInvite = vi.fn(async () => undefined);
    renderPeople({ companyPeople: async () => people, deleteInvite });
    const row = (await screen.findByText('carol@example.com')).closest('tr') as HTMLElement;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Copy code' })));
    expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-JKLM');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete invite' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(deleteInvite).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(deleteInvite).toHaveBeenCalledWith('i1');
  });
});

describe('join with an invite code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    companyStore.reset();
  });

  const open = (joinWithCode: (code: string) => Promise<{ company_id: string }>) => {
    renderInAdmin(<JoinCompanyButton />, { dataProvider: { joinWithCode } });
    fireEvent.click(screen.getByRole('button', { name: 'Join with an invite code' }));
    return screen.getByRole('dialog');
  };

  it('the code is required', async () => {
    const joinWithCode = vi.fn();
    const dialog = open(joinWithCode);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Join' })));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(joinWithCode).not.toHaveBeenCalled();
  });

  it('a bad code says so', async () => {
    const dialog = open(() => Promise.reject(new HttpError('app.errors.notFound', 404)));
    fireEvent.change(within(dialog).getByLabelText('Invite code'), { target: { value: 'ZZZZ-ZZZZ-ZZZZ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Join' })));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This invite code is not valid or has already been used.');
  });

  it('joining refreshes the companies and selects the joined one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          count: 2,
          results: [
            { id: 'c1', name: 'Mine', tenant_id: null },
            { id: 'c2', name: 'Theirs', tenant_id: null },
          ],
        }),
      ),
    );
    const dialog = open(async () => ({ company_id: 'c2' }));
    fireEvent.change(within(dialog).getByLabelText('Invite code'), { target: { value: 'ABCD-EFGH-JKLM' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Join' })));
    expect(companyStore.getState().companies.map((company) => company.name)).toEqual(['Mine', 'Theirs']);
    expect(companyStore.getState().selectedCompanyId).toBe('c2');
  });
});

describe('company plan (set by the operator, shown read-only)', () => {
  const company = { id: 'c1', name: 'Acme', role: 'owner', created_at: '2026-11-01T00:00:00.000Z' };

  it("the list names each company's plan", async () => {
    renderInAdmin(<CompanyList />, {
      resource: 'companies',
      dataProvider: { getList: listAnswers.rows([{ ...company, plan: 'enterprise', sample_retention_days: null }]) },
    });
    expect(await screen.findByText('Enterprise')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Plan' })).toBeInTheDocument();
  });

  it.each([
    [{ plan: 'pro', sample_retention_days: 366 }, 'Plan: Pro. Time series are kept for 366 days. To change the plan, contact support.'],
    [{ plan: 'premium', sample_retention_days: null }, 'Plan: Premium. Time series are kept for good. To change the plan, contact support.'],
  ])('the edit page says what %o keeps', (plan, text) => {
    renderInAdmin(
      <RecordContextProvider value={{ ...company, ...plan }}>
        <PlanNotice />
      </RecordContextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('says nothing before the company has loaded', () => {
    renderInAdmin(<PlanNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describePhoneCards(
  'companies',
  () => <CompanyList />,
  { id: 'c1', name: 'Acme', role: 'owner', plan: 'pro', sample_retention_days: 31, created_at: '2026-11-01T00:00:00.000Z' },
  { title: 'Acme', facts: { en: ['Owner · Pro'], de: ['Inhaber · Pro'] }, href: '/companies/c1', empty: /No Companies found/i },
);
