import { HttpError, type GetListResult } from 'react-admin';

/** getList answers for the four states every list screen is tested in. */
export const listAnswers = {
  loading: (): Promise<GetListResult> => new Promise(() => undefined),
  empty: async (): Promise<GetListResult> => ({ data: [], total: 0 }),
  error: async (): Promise<GetListResult> => {
    throw new HttpError('app.errors.networkError', 0);
  },
  rows: (data: GetListResult['data']) => async (): Promise<GetListResult> => ({ data, total: data.length }),
};

/** react-admin's skeleton rows while a list loads . */
export const isShowingSkeleton = (): boolean => document.querySelector('[class*="RaPlaceholder-root"]') !== null;
