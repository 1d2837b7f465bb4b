import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError, type DataProvider, type GetListResult, type RaRecord } from 'react-admin';
import { renderInAdmin } from './helpers';

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
