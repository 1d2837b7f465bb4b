import { HttpError, type TranslateFunction } from 'react-admin';

/** The page sizes of the back-office's lists. */
export const PAGE_SIZES = [25, 50, 100];

/** A list's failure: a non-operator (403) is told the back-office is for operators, else `fallback`. */
export function refusalText(error: unknown, translate: TranslateFunction, fallback: string): string {
  return translate(error instanceof HttpError && error.status === 403 ? 'app.operator.forbidden' : fallback);
}
export const FIRST_PAGE_SIZE = 25;
