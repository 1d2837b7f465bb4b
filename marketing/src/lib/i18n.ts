import { marketingDe } from '../../../locales/de/marketing';
import { marketingEn, type MarketingMessages } from '../../../locales/en/marketing';

export type Locale = 'en' | 'de';
export const LOCALES: readonly Locale[] = ['en', 'de'];
/** Shared with the console (spec §3 client-side storage). */
export const LANGUAGE_KEY = 'language';

export const MESSAGES: Record<Locale, MarketingMessages> = { en: marketingEn, de: marketingDe };

export const PAGES = ['home', 'features', 'pricing', 'calculator', 'imprint', 'privacy', 'tos'] as const;
export type Page = (typeof PAGES)[number];

/** The one place that maps pages to URLs: English at the root, German under /de/. */
export function pathOf(page: Page, locale: Locale): string {
  const prefix = locale === 'de' ? '/de' : '';
  return page === 'home' ? `${prefix}/` : `${prefix}/${page}/`;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}
