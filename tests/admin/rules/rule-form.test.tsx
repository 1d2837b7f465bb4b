import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { RuleCreate } from '../../../admin/rules/RuleCreate';
import { RuleEdit } from '../../../admin/rules/RuleEdit';
import { fieldErrorMessages } from '../../../admin/providers/serverMessages';
import type { Rule } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';
import { failing, pending, rule } from './samples';

const texts = {
  en: {
    conditions: 'Conditions',
    save: 'Save',
    name: /Name/,
    kind: 'Condition',
    group: 'A group of conditions',
    groupMatch: 'In this group',
    battery: 'Battery below',
    recipients: 'To',
    all: 'All members of the company',
    email: 'Send an e-mail',
    required: 'This field is required.',
    notMember: 'Not a member of this company.',
  },
  de: {
    conditions: 'Bedingungen',
    save: 'Speichern',
    name: /Name/,
    kind: 'Bedingung',
    group: 'Eine Gruppe von Bedingungen',
    groupMatch: 'In dieser Gruppe',
    battery: 'Batterie unter',
    recipients: 'An',
    all: 'Alle Mitglieder der Firma',
    email: 'Eine E-Mail senden',
    required: 'Dieses Feld ist erforderlich.',
    notMember: 'Kein Mitglied dieser Firma.',
  },
} as const;

const people = {
  users: [
    {
      id: 'u1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      role: 'owner',
      joined_at: '2026-11-01T08:00:00.000Z',
      last_active_at: null,
    },
    { id: 'u2', first_name: '', last_name: '', email: 'bob@example.com', role: 'member', joined_at: '2026-11-02T08:00:00.000Z', last_active_at: null },
  ],
  invites: [],
};

/** "Too warm, or (a door event and battery low)", e-mailing Bob. */
const nestedRule: Rule = {
  ...rule,
  condition: {
    match: 'any',
    conditions: [
      { type: 'topic', topic: 'temperature', op: 'gt', value: 8 },
      {
        match: 'all',
        conditions: [
          { type: 'log_code', code: 'OTAA' },
          { type: 'battery_below', level: 20 },
        ],
      },
    ],
  },
  actions: [
    { type: 'notification', members: 'all' },
    { type: 'email', members: ['u2'] },
  ],
};

/** Opens a select (MUI renders it as a combobox) and picks an option. */
async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe.each(['en', 'de'] as const)('rule form in %s', (locale) => {
  const t = texts[locale];
  beforeEach(() => signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'owner' }] }));
  afterEach(signOut);

  const renderCreate = (dataProvider: Record<string, unknown> = {}) => {
    const create = vi.fn(async () => ({ data: { id: 'r9' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<RuleCreate />, {
      resource: 'rules',
      dataProvider: {
        create,
        ruleTopics: vi.fn(async () => [{ topic: 'temperature', sample: 21.5, numeric: true }]),
        companyPeople: async () => people,
        ...dataProvider,
      },
      locale,
    });
    return create;
  };
  const renderEdit = (update: DataProvider['update']) =>
    renderInAdmin(<RuleEdit />, {
      resource: 'rules',
      path: '/rules/r1',
      routePath: '/rules/:id',
      dataProvider: {
        getOne: (async () => ({ data: nestedRule })) as DataProvider['getOne'],
        update,
        ruleTopics: async () => [],
        ruleFirings: async () => [],
        companyPeople: async () => people,
      },
      locale,
    });
  const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));

  it.each([
    ['phone', PHONE_WIDTH],
    ['desktop', DESKTOP_WIDTH],
  ])('success on a %s: builds a condition and sends the rule without a schedule, for all devices, notifying all members', async (_width, width) => {
    stubViewportWidth(width);
    const create = renderCreate();
    expect((await screen.findAllByText(t.conditions))[0]).toBeInTheDocument();
    expect(await screen.findByText(t.all)).toBeInTheDocument();
    fireEvent.change(screen.getAllByLabelText(t.name)[0] as HTMLElement, { target: { value: 'Too warm' } });
    await save();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[1].data).toMatchObject({
      name: 'Too warm',
      scope: 'company',
      scope_id: null,
      schedule: null,
      condition: { match: 'all', conditions: [{ type: 'topic', op: 'gt', value: 0 }] },
      actions: [{ type: 'notification', members: 'all' }],
    });
  });

  it('turns a condition into a group of conditions and sends it as a group, without the fields of the condition it was', async () => {
    const create = renderCreate();
    fireEvent.change((await screen.findAllByLabelText(t.name))[0] as HTMLElement, { target: { value: 'Grouped' } });
    await choose(screen.getByRole('combobox', { name: t.kind }), t.group);
    expect(await screen.findByRole('combobox', { name: t.groupMatch })).toBeInTheDocument();
    const kinds = screen.getAllByRole('combobox', { name: t.kind });
    // The group's own condition has no "group" among its kinds: one level, as the rule model goes.
    fireEvent.mouseDown(kinds[1] as HTMLElement);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: t.group })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: t.battery }));
    await save();
    await waitFor(() => expect(create).toHaveBeenCalled());
    const sent = create.mock.calls[0]?.[1].data as Rule;
    expect(sent.condition).toEqual({ match: 'all', conditions: [{ match: 'all', conditions: [{ type: 'battery_below' }] }] });
  });

  it('edits a stored rule with a group and named e-mail recipients, and saves them as they were', async () => {
    const update = vi.fn(async () => ({ data: nestedRule })) as DataProvider['update'] & Mock;
    renderEdit(update);
    expect(await screen.findByRole('combobox', { name: t.groupMatch })).toBeInTheDocument();
    expect(screen.getByDisplayValue('OTAA')).toBeInTheDocument();
    expect(screen.getByText(t.email)).toBeInTheDocument();
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    fireEvent.change(screen.getAllByLabelText(t.name)[0] as HTMLElement, { target: { value: 'Cold room, grouped' } });
    await save();
    await waitFor(() => expect(update).toHaveBeenCalled());
    const sent = update.mock.calls[0]?.[1].data as Rule;
    expect(sent.condition).toEqual(nestedRule.condition);
    expect(sent.actions).toEqual(nestedRule.actions);
  });

  it("error: shows the API's field errors on the fields they name, inside a group and on the recipients", async () => {
    const errors = fieldErrorMessages(
      {},
      {
        'condition.conditions.1.conditions.1.level': { code: 'required' },
        'actions.1.members': { code: 'not_a_member' },
      },
    );
    const update = vi.fn(async () => {
      throw new HttpError('app.errors.validation', 400, { errors });
    }) as DataProvider['update'] & Mock;
    renderEdit(update);
    await screen.findByRole('combobox', { name: t.groupMatch });
    await screen.findByText('bob@example.com');
    fireEvent.change(screen.getAllByLabelText(t.name)[0] as HTMLElement, { target: { value: 'Cold room, grouped' } });
    await save();
    await waitFor(() => expect(update).toHaveBeenCalled());
    const level = screen.getByDisplayValue('20').closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(level).findByText(t.required)).toBeInTheDocument();
    const recipients = screen.getByText('bob@example.com').closest('.MuiFormControl-root') as HTMLElement;
    expect(within(recipients).getByText(t.notMember)).toBeInTheDocument();
  });

  it.each([
    ['load', pending],
    ['cannot be read', failing],
  ])('stays usable while the topics %s', async (_state, answer) => {
    renderCreate({ ruleTopics: vi.fn(answer) });
    expect((await screen.findAllByText(t.conditions))[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.save })).toBeInTheDocument();
  });
});
