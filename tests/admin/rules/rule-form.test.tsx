import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { RuleCreate } from '../../../admin/rules/RuleCreate';
import { renderInAdmin } from '../helpers';
import { failing, pending } from './samples';

const texts = {
  en: { conditions: 'Conditions', email: /E-mail is not available yet/, save: 'Save', name: /Name/ },
  de: { conditions: 'Bedingungen', email: /E-Mail ist noch nicht verfügbar/, save: 'Speichern', name: /Name/ },
} as const;

describe.each(['en', 'de'] as const)('rule form in %s', (locale) => {
  const t = texts[locale];
  const renderForm = (ruleTopics: () => Promise<unknown>) => {
    const create = vi.fn(async () => ({ data: { id: 'r9' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<RuleCreate />, { resource: 'rules', dataProvider: { create, ruleTopics: vi.fn(ruleTopics) }, locale });
    return create;
  };

  it('builds a condition and sends the rule without a schedule, for all devices, notifying the members', async () => {
    const create = renderForm(async () => [{ topic: 'temperature', sample: 21.5, numeric: true }]);
    expect((await screen.findAllByText(t.conditions))[0]).toBeInTheDocument();
    expect(screen.getByText(t.email)).toBeInTheDocument();
    fireEvent.change(screen.getAllByLabelText(t.name)[0] as HTMLElement, { target: { value: 'Too warm' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: t.save })));
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

  it.each([
    ['load', pending],
    ['cannot be read', failing],
  ])('stays usable while the topics %s', async (_state, answer) => {
    renderForm(answer);
    expect((await screen.findAllByText(t.conditions))[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.save })).toBeInTheDocument();
  });
});
