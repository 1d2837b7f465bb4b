import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, SimpleForm } from 'react-admin';
import { formatRecipients, parseRecipients, RecipientsInput } from '../../../admin/rules/RecipientsInput';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';
import { pending } from './samples';

const texts = {
  en: { to: 'To', all: 'All members of the company', error: 'The members could not be loaded.' },
  de: { to: 'An', all: 'Alle Mitglieder der Firma', error: 'Die Mitglieder konnten nicht geladen werden.' },
} as const;

const ada = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  role: 'owner',
  joined_at: '2026-11-01T08:00:00.000Z',
  last_active_at: null,
};

describe('recipients: "all" and named members', () => {
  it('"all" chosen last means everyone; a member chosen after "all" means the named members', () => {
    expect(parseRecipients(['u1', 'all'])).toBe('all');
    expect(parseRecipients(['all', 'u1'])).toEqual(['u1']);
    expect(parseRecipients([])).toEqual([]);
    expect(formatRecipients('all')).toEqual(['all']);
    expect(formatRecipients(['u1'])).toEqual(['u1']);
  });
});

describe.each(['en', 'de'] as const)('recipients picker in %s', (locale) => {
  const t = texts[locale];
  beforeEach(() => signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'owner' }] }));
  afterEach(signOut);

  const render = (companyPeople: () => Promise<unknown>, members: 'all' | string[] = 'all') =>
    renderInAdmin(
      <SimpleForm defaultValues={{ members }} toolbar={false}>
        <RecipientsInput />
      </SimpleForm>,
      { dataProvider: { companyPeople: vi.fn(companyPeople) }, locale },
    );
  const options = async () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(t.to) }));
    return within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
  };

  it.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ])('success on a %s: the members by name (or address) beside "all", the named ones as chips', async (_width, width) => {
    stubViewportWidth(width);
    render(async () => ({ users: [ada, { ...ada, id: 'u2', first_name: '', last_name: '', email: 'bob@example.com' }], invites: [] }), ['u2']);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(await options()).toEqual([t.all, 'Ada Lovelace (ada@example.com)']);
  });

  it('empty: a company without other members offers "all" only', async () => {
    const companyPeople = vi.fn(async () => ({ users: [], invites: [] }));
    renderInAdmin(
      <SimpleForm defaultValues={{ members: [] }} toolbar={false}>
        <RecipientsInput />
      </SimpleForm>,
      { dataProvider: { companyPeople }, locale },
    );
    await waitFor(() => expect(companyPeople).toHaveBeenCalledWith('c1'));
    expect(await options()).toEqual([t.all]);
  });

  it('loading: the picker waits for the members', async () => {
    render(pending);
    expect(await screen.findByRole('combobox', { name: new RegExp(t.to) })).toBeInTheDocument();
    expect(screen.queryByText(t.all)).toBeNull();
    expect(screen.queryByText(t.error)).toBeNull();
  });

  it('error: says the members could not be loaded', async () => {
    render(() => Promise.reject(new HttpError('app.errors.general', 500)));
    expect(await screen.findByText(t.error)).toBeInTheDocument();
  });
});
