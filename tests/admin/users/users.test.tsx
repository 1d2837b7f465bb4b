import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { UsersPage } from '../../../admin/users/UsersPage';
import { renderInAdmin, signInWith, signOut } from '../helpers';

const members = [
  { id: 'u1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'owner', joined_at: '2026-11-01T08:00:00.000Z' },
  { id: 'u2', first_name: '', last_name: '', email: 'bob@example.com', role: 'member', joined_at: '2026-11-02T08:00:00.000Z' },
];

/** Signs Ada in with these companies, the first one selected. */
const withCompany = (companies: { id: string; name: string }[]) => signInWith({ companies: companies.map((company) => ({ ...company, tenant_id: null })) });

describe('users screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(signOut);

  it('empty: without a company it says to create or select one and asks nothing', async () => {
    await withCompany([]);
    const companyPeople = vi.fn();
    renderInAdmin(<UsersPage />, { dataProvider: { companyPeople } });
    expect(screen.getByText('Create or select a company to see its users.')).toBeInTheDocument();
    expect(companyPeople).not.toHaveBeenCalled();
  });

  it('loading: a progress bar', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    renderInAdmin(<UsersPage />, { dataProvider: { companyPeople: () => new Promise(() => undefined) } });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it("success: the selected company's members, the current user marked 'You'", async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    const companyPeople = vi.fn(async () => ({ users: members, invites: [] }));
    renderInAdmin(<UsersPage />, { dataProvider: { companyPeople } });
    const ada = (await screen.findByText(/Ada Lovelace/)).closest('tr') as HTMLElement;
    expect(companyPeople).toHaveBeenCalledWith('c1');
    expect(within(ada).getByText('You')).toBeInTheDocument();
    expect(within(ada).getByText('Owner')).toBeInTheDocument();
    // A member without a name is shown by email, and is not 'You'.
    const bob = screen.getAllByText('bob@example.com')[0]?.closest('tr') as HTMLElement;
    expect(within(bob).queryByText('You')).toBeNull();
    expect(within(bob).getByText('Member')).toBeInTheDocument();
  });

  it('error: the failure in words', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    renderInAdmin(<UsersPage />, { dataProvider: { companyPeople: () => Promise.reject(new HttpError('app.errors.unauthorized', 403)) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to access this resource.');
  });
});
