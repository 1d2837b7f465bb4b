import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, Notification } from 'react-admin';
import { CompanyPeople } from '../../../admin/companies/CompanyPeople';
import { JoinCompanyButton } from '../../../admin/companies/JoinCompanyButton';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import type { CompanyPeople as People, CompanyRole } from '../../../admin/types/api';

/** Members and invites with roles (issue #15): what each role may do, and the refusals in words. */
const member = (id: string, first_name: string, role: CompanyRole, last_active_at: string | null = null) => ({
  id,
  first_name,
  last_name: '',
  email: `${first_name.toLowerCase()}@example.com`,
  role,
  joined_at: '2026-11-01T00:00:00.000Z',
  last_active_at,
});

/** The signed-in user (u1, Ada) in the given role, beside an admin, a member and a viewer. */
const team = (myRole: CompanyRole, invites: People['invites'] = []): People => ({
  users: [
    member('u1', 'Ada', myRole, '2026-11-27T10:00:00.000Z'),
    member('u2', 'Bob', 'admin'),
    member('u3', 'Cy', 'member'),
    member('u4', 'Di', 'viewer'),
    ...(myRole === 'owner' ? [] : [member('u5', 'Eve', 'owner')]),
  ],
  invites,
});

const expiredInvite: People['invites'][number] = {
  id: 'i1',
  company_id: 'c1',
  email: 'old@example.com',
  code: 'ABCD-EFGH-JKLM',
  sent_at: '2026-11-01T00:00:00.000Z',
  role: 'viewer',
  expires_at: '2026-11-08T00:00:00.000Z',
  expired: true,
  is_open: true,
};

const rowOf = (name: string) => screen.getByText(new RegExp(`^${name}`)).closest('tr') as HTMLElement;

describe('company members by role', () => {
  beforeEach(() => signInWith());
  afterEach(signOut);

  const renderPeople = (dataProvider: Record<string, unknown>, locale: 'en' | 'de' = 'en') =>
    renderInAdmin(
      <>
        <CompanyPeople />
        <Notification />
      </>,
      { path: '/companies/c1', routePath: '/companies/:id', dataProvider, locale },
    );

  it('loading: a progress bar', () => {
    renderPeople({ companyPeople: () => new Promise(() => undefined) });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it.each([
    ['en', 'You are not authorized to access this resource.'],
    ['de', 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.'],
  ] as const)('error (%s): a 403 shows the unauthorized text', async (locale, text) => {
    renderPeople({ companyPeople: () => Promise.reject(new HttpError('app.errors.unauthorized', 403)) }, locale);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each([
    ['en', 'Only admins and owners can invite people and see invite codes.', 'Viewer', 'Only admins and owners of the company can do this.'],
    [
      'de',
      'Nur Administratoren und Inhaber können Personen einladen und Einladungscodes sehen.',
      'Betrachter',
      'Nur Administratoren und Inhaber der Firma können das.',
    ],
  ] as const)('empty rights (%s): a viewer sees badges, no invite form, and disabled actions that say why', async (locale, noRights, viewer, why) => {
    renderPeople({ companyPeople: async () => team('viewer') }, locale);
    expect(await screen.findByText(noRights)).toBeInTheDocument();
    expect(within(rowOf('Di')).getByText(viewer)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
    const remove = within(rowOf('Cy')).getByRole('button', { name: locale === 'en' ? 'Remove' : 'Entfernen' });
    expect(remove).toBeDisabled();
    fireEvent.mouseOver(remove.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(why);
  });

  it('success: an admin changes roles up to their own and removes after confirmation', async () => {
    const changeMemberRole = vi.fn(async () => undefined);
    const removeMember = vi.fn(async () => undefined);
    const companyPeople = vi.fn(async () => team('admin', [expiredInvite]));
    renderPeople({ companyPeople, changeMemberRole, removeMember });
    await screen.findByRole('table', { name: 'Users' });
    expect(within(rowOf('Eve')).getByRole('button', { name: 'Remove' })).toBeDisabled();
    fireEvent.mouseDown(within(rowOf('Cy')).getByRole('combobox'));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'Member', 'Viewer']);
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'Viewer' })));
    expect(changeMemberRole).toHaveBeenCalledWith('c1', 'u3', 'viewer');
    fireEvent.click(within(rowOf('Di')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('They lose access to the company at once, also through their API keys.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(removeMember).toHaveBeenCalledWith('c1', 'u4');
    await waitFor(() => expect(companyPeople).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const invites = screen.getByRole('table', { name: 'Pending invites' });
    expect(within(invites).getByText('expired')).toBeInTheDocument();
    expect(within(invites).getByText('open code')).toBeInTheDocument();
  });

  it('success: the last owner cannot leave, and says why', async () => {
    renderPeople({ companyPeople: async () => team('owner') });
    const leave = await screen.findByRole('button', { name: 'Leave company' });
    expect(leave).toBeDisabled();
    fireEvent.mouseOver(leave.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The last owner cannot leave or step down.');
  });

  it.each([
    ['en', 'A company needs at least one owner. Make someone else an owner first.'],
    ['de', 'Eine Firma braucht mindestens einen Inhaber. Machen Sie zuerst jemand anderen zum Inhaber.'],
  ] as const)('error (%s): a refused role change is explained', async (locale, text) => {
    const changeMemberRole = vi.fn(() => Promise.reject(new HttpError('app.errors.last_owner', 409)));
    renderPeople({ companyPeople: async () => team('admin'), changeMemberRole }, locale);
    await screen.findAllByRole('combobox');
    fireEvent.mouseDown(within(rowOf('Cy')).getByRole('combobox'));
    await act(async () => fireEvent.click(within(screen.getByRole('listbox')).getAllByRole('option')[0] as HTMLElement));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('invites with a role, an expiry and an open code', async () => {
    const inviteUser = vi.fn(async () => expiredInvite);
    renderPeople({ companyPeople: async () => team('admin'), inviteUser });
    await screen.findByLabelText('Invite by email');
    fireEvent.change(screen.getByLabelText('Invite by email'), { target: { value: 'eve@example.com' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Member', 'Viewer']);
    fireEvent.click(screen.getByRole('option', { name: 'Viewer' }));
    fireEvent.change(screen.getByLabelText('Valid for (days)'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('Open code: anyone with the code may join'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Invite' })));
    expect(inviteUser).toHaveBeenCalledWith('c1', 'eve@example.com', { role: 'viewer', expires_in_days: 3, is_open: true });
  });
});

describe('joining with a used, expired, withdrawn or foreign code', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'invite_used', 410, 'This invite code has already been used.'],
    ['en', 'invite_expired', 410, 'This invite code has expired. Ask for a new one.'],
    ['de', 'invite_deleted', 410, 'Diese Einladung wurde zurückgezogen.'],
    ['de', 'invite_wrong_account', 403, 'Diese Einladung gilt für eine andere E-Mail-Adresse. Melden Sie sich mit der eingeladenen Adresse an.'],
  ] as const)('%s %s: says so', async (locale, code, status, text) => {
    renderInAdmin(<JoinCompanyButton />, { dataProvider: { joinWithCode: () => Promise.reject(new HttpError(`app.errors.${code}`, status)) }, locale });
    fireEvent.click(await screen.findByRole('button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByRole('textbox')[0] as HTMLElement, { target: { value: 'ABCD-EFGH-JKLM' } });
    await act(async () => fireEvent.submit(dialog.querySelector('form') as HTMLFormElement));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
  });
});
