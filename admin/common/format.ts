import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

type Instant = string | number | Date;

/** Dates, times and numbers written in the language the user chose, never the browser's. */
export interface Formatters {
  locale: string;
  /** 27.11.2026, 14:05 / Nov 27, 2026, 2:05 PM */
  dateTime(value: Instant): string;
  date(value: Instant): string;
  /** Hours and minutes, for chart axes. */
  time(value: Instant): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

/** The formatters of one language (outside React, e.g. in tests and plain helpers). */
export function formatters(locale: string): Formatters {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  return {
    locale,
    dateTime: (value) => dateTime.format(new Date(value)),
    date: (value) => date.format(new Date(value)),
    time: (value) => time.format(new Date(value)),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
}

/** The formatters of the console's current language; they change when the user switches it. */
export function useFormatters(): Formatters {
  const [locale] = useLocaleState();
  return useMemo(() => formatters(locale), [locale]);
}
