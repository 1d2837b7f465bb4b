import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { RuleList } from '../../../admin/rules/RuleList';
import { renderInAdmin } from '../helpers';
import { describePhoneCards, isShowingSkeleton, listAnswers } from '../listStates';
import { armedRule, rule } from './samples';

const texts = {
  en: { empty: /No rules yet/, error: 'Network error. Please check your connection.', armed: 'Armed', firing: /Firing since/, never: 'Never' },
  de: { empty: /Noch keine Regeln/, error: 'Netzwerkfehler', armed: 'Scharf', firing: /Ausgelöst seit/, never: 'Nie' },
} as const;

describe.each(['en', 'de'] as const)('rules list in %s', (locale) => {
  const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(<RuleList />, { resource: 'rules', dataProvider, locale });
  const t = texts[locale];

  it('loading: skeleton rows', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });
  it('empty: says what a rule does', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
  });
  it('error: the failure, not the empty text', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.error);
    expect(screen.queryByText(t.empty)).toBeNull();
  });
  it('success: each rule with its state and when it last fired', async () => {
    renderList({ getList: listAnswers.rows([rule, armedRule]) });
    expect(await screen.findByText('Cold room too warm')).toBeInTheDocument();
    const firingRow = screen.getByText('Cold room too warm').closest('tr') as HTMLElement;
    expect(firingRow).toHaveTextContent(t.firing);
    const armedRow = screen.getByText('Door after hours').closest('tr') as HTMLElement;
    expect(armedRow).toHaveTextContent(t.armed);
    expect(armedRow).toHaveTextContent(t.never);
  });
});

describePhoneCards('rules', () => <RuleList />, armedRule, {
  title: 'Door after hours',
  facts: { en: ['Armed', /^Last fired: Never$/], de: ['Scharf', /^Zuletzt ausgelöst: Nie$/] },
  href: '/rules/r2',
  empty: /No rules yet/,
});
