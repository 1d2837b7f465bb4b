import type { HeadProps, PageProps } from 'gatsby';
import type { Locale, Page } from '../lib/i18n';

/** What gatsby-node.ts hands every page. */
export interface PageContext {
  locale: Locale;
  page: Page;
}

export type SitePageProps = PageProps<object, PageContext>;
export type SiteHeadProps = HeadProps<object, PageContext>;
