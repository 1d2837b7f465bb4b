import type { HeadProps, PageProps } from 'gatsby';
import type { Locale, Page } from '../lib/i18n';
import type { Imprint } from '../lib/imprint';

/** What gatsby-node.ts hands every page. */
export interface PageContext {
  locale: Locale;
  page: Page;
  /** Only on the imprint page: its configured details, or null when the operator has not set them. */
  imprint?: Imprint | null;
}

export type SitePageProps = PageProps<object, PageContext>;
export type SiteHeadProps = HeadProps<object, PageContext>;
