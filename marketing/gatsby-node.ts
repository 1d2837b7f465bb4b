import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { imprintFromEnv } from './src/lib/imprint';
import { LOCALES, PAGES, pathOf, type Page } from './src/lib/i18n';

const TEMPLATES: Record<Page, string> = {
  home: 'home',
  features: 'features',
  pricing: 'pricing',
  calculator: 'calculator',
  imprint: 'legal',
  privacy: 'legal',
  tos: 'legal',
};

/** Every page in every language, from one table (src/lib/i18n.ts). */
export const createPages: GatsbyNode['createPages'] = async ({ actions }) => {
  // gatsby-node is the marketing site's one reader of the environment (the imprint's details).
  const imprint = imprintFromEnv(process.env);
  for (const locale of LOCALES) {
    for (const page of PAGES) {
      actions.createPage({
        path: pathOf(page, locale),
        component: path.resolve(`./src/templates/${TEMPLATES[page]}.tsx`),
        context: page === 'imprint' ? { locale, page, imprint } : { locale, page },
      });
    }
  }
};
