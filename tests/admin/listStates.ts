import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider, type GetListResult, type RaRecord } from 'react-admin';
import { renderInAdmin } from './helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from './viewport';

/** getList answers for the four states every list screen is tested in. */
export const listAnswers = {
  loading: (): Promise<GetListResult> => new Promise(() => undefined),
  empty: async (): Promise<GetListResult> => ({ data: [], total: 0 }),
  error: async (): Promise<GetListResult> => {
    throw new HttpError('app.errors.networkError', 0);
  },
  rows: (data: GetListResult['data']) => async (): Promise<GetListResult> => ({ data, total: data.length }),
};

/** react-admin's skeleton rows while a list loads. */
export const isShowingSkeleton = (): boolean => document.querySelector('[class*="RaPlaceholder-root"]') !== null;

/** The four states of a plain list screen: skeleton rows, its empty text, the error, a row by its name. */
export function describeListStates(resource: string, list: () => ReactElement, row: RaRecord & { name: string }, empty: RegExp) {
  describe(`${resource} list`, () => {
    const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(list(), { resource, dataProvider });

    it('loading', async () => {
      renderList({ getList: listAnswers.loading });
      await waitFor(() => expect(isShowingSkeleton()).toBe(true));
    });
    it('empty', async () => {
      renderList({ getList: listAnswers.empty });
      expect(await screen.findByText(empty)).toBeInTheDocument();
    });
    it('error', async () => {
      renderList({ getList: listAnswers.error });
      expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    });
    it('success', async () => {
      renderList({ getList: listAnswers.rows([row]) });
      expect(await screen.findByText(row.name)).toBeInTheDocument();
    });
  });
}

/** What a list's phone card shows, in each language, and what it offers. */
export interface PhoneCard {
  /** The record's name, as its card's first line. */
  title: string;
  /** The status and key fact the card shows, per language. */
  facts: Record<'en' | 'de', (string | RegExp)[]>;
  /** The page the card opens, when the list has record pages. */
  href?: string;
  /** The primary action's accessible name, when the card carries it as a button (English). */
  action?: RegExp;
  empty: RegExp;
  /** The name as the table shows it, when it differs from the card's. */
  tableText?: string;
}

/**
 * A list at phone width (cards: no table to overflow sideways, the name, status and key fact, the
 * record or the primary action one tap away) in its four states, and at desktop width (the table).
 */
export function describePhoneCards(resource: string, list: () => ReactElement, row: RaRecord, card: PhoneCard, dataProvider: Partial<DataProvider> = {}) {
  const renderList = (getList: DataProvider['getList'], locale: 'en' | 'de' = 'en') =>
    renderInAdmin(list(), { resource, locale, dataProvider: { getMany: async () => ({ data: [] }), ...dataProvider, getList } });

  describe(`${resource} list on a phone`, () => {
    beforeEach(() => stubViewportWidth(PHONE_WIDTH));
    afterEach(() => vi.unstubAllGlobals());

    it('loading: a progress bar, no table', async () => {
      renderList(listAnswers.loading);
      await waitFor(() => expect(isShowingSkeleton() || screen.queryAllByRole('progressbar').length > 0).toBe(true));
      expect(screen.queryByRole('table')).toBeNull();
    });
    it('empty', async () => {
      renderList(listAnswers.empty);
      expect(await screen.findByText(card.empty)).toBeInTheDocument();
    });
    it('error', async () => {
      renderList(listAnswers.error);
      expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
    });
    it.each(['en', 'de'] as const)('success in %s: a card with the name, status and key fact, no table', async (locale) => {
      renderList(listAnswers.rows([row]), locale);
      const title = await screen.findByText(card.title);
      const item = title.closest('li') as HTMLElement;
      for (const fact of card.facts[locale]) expect(within(item).getAllByText(fact).length).toBeGreaterThan(0);
      if (card.href) expect(title.closest('a')).toHaveAttribute('href', card.href);
      if (card.action && locale === 'en') expect(within(item).getByRole('button', { name: card.action })).toBeVisible();
      expect(screen.queryByRole('table')).toBeNull();
    });
  });

  describe(`${resource} list on a desktop`, () => {
    beforeEach(() => stubViewportWidth(DESKTOP_WIDTH));
    afterEach(() => vi.unstubAllGlobals());

    it('success: the table with the record', async () => {
      renderList(listAnswers.rows([row]));
      expect(await screen.findByRole('table')).toHaveTextContent(card.tableText ?? card.title);
    });
  });
}
