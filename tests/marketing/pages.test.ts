import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPages } from '../../marketing/gatsby-node';
import { fill, localeOfPath, LOCALES, MESSAGES, PAGES, pathOf } from '../../marketing/src/lib/i18n';
import { pricingFigures } from '../../marketing/src/lib/pricing';

/** Leaf strings of a message tree, keyed by their dotted path. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

interface CreatedPage {
  path: string;
  component: string;
  context: { locale: string; page: string };
}

/** What gatsby-node.ts asks Gatsby to build, captured without running Gatsby. */
async function createdPages(): Promise<CreatedPage[]> {
  const pages: CreatedPage[] = [];
  const args = { actions: { createPage: (page: CreatedPage) => pages.push(page) }, traceId: 'initial-createPages' } as unknown as Parameters<
    NonNullable<typeof createPages>
  >[0];
  await createPages?.(args, { plugins: [] }, () => undefined);
  return pages;
}

describe('marketing pages in both languages', () => {
  it('builds every page in English and German at its own URL from an existing template', async () => {
    const pages = await createdPages();
    // The imprint also gets its configured details (none are set in tests).
    const contextOf = (locale: string, page: string) => (page === 'imprint' ? { locale, page, imprint: null } : { locale, page });
    const expected = LOCALES.flatMap((locale) => PAGES.map((page) => ({ path: pathOf(page, locale), context: contextOf(locale, page) })));
    expect(pages.map(({ path: url, context }) => ({ path: url, context }))).toEqual(expected);
    for (const page of pages) {
      // Gatsby resolves templates from marketing/ (its working directory).
      const template = path.join('marketing', path.relative(process.cwd(), page.component));
      expect(fs.existsSync(template), template).toBe(true);
    }
  });

  it('maps URLs to languages: English at the root, German under /de/', () => {
    expect(pathOf('home', 'en')).toBe('/');
    expect(pathOf('home', 'de')).toBe('/de/');
    expect(pathOf('pricing', 'de')).toBe('/de/pricing/');
    for (const locale of LOCALES) for (const page of PAGES) expect(localeOfPath(pathOf(page, locale))).toBe(locale);
    expect(localeOfPath('/de/no-such-page/')).toBe('de');
    expect(localeOfPath('/design/')).toBe('en');
  });

  it('has the same message keys in German as in English, none empty', () => {
    const en = leaves(MESSAGES.en);
    const de = leaves(MESSAGES.de);
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of de) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('fills every placeholder of the texts from the pricing module', () => {
    // Placeholders the pages fill themselves: the calculator's result figures, the tier name and the Premium price.
    const pageValues = { tier: 'x', premiumPrice: 'x', used: 'x', free: 'x', billable: 'x' };
    for (const locale of LOCALES) {
      for (const [key, text] of leaves(MESSAGES[locale])) {
        expect({ key, text: fill(text, { ...pricingFigures(locale), ...pageValues }) }).not.toMatchObject({ text: expect.stringMatching(/\{\w+\}/) });
      }
    }
    expect(fill(MESSAGES.de.pricing.details.gateways.points[0], pricingFigures('de'))).toBe('249 Euro mit LTE, 149 Euro ohne');
    expect(fill(MESSAGES.en.pricing.details.tokens.points[3], pricingFigures('en'))).toBe('10 euro per 100,000 tokens beyond the free quota');
  });

  it('translates page titles and descriptions instead of copying English', () => {
    for (const section of ['home', 'features', 'pricing', 'calculator'] as const) {
      expect(MESSAGES.de[section].title).not.toBe(MESSAGES.en[section].title);
      expect(MESSAGES.de[section].description).not.toBe(MESSAGES.en[section].description);
    }
    for (const legal of ['imprint', 'privacy', 'tos'] as const) expect(MESSAGES.de.legal[legal].title).not.toBe(MESSAGES.en.legal[legal].title);
    expect(MESSAGES.de.notFound.title).not.toBe(MESSAGES.en.notFound.title);
  });

  it('states every marketing claim of the product (spec §1)', () => {
    const features = Object.values(MESSAGES.en.features.items)
      .map((item) => `${item.title} ${item.text}`)
      .join(' ');
    for (const claim of [
      'Hosted in Germany',
      'GDPR compliant',
      'Permanent storage of device data',
      'RESTful open API',
      'FUOTA',
      'Gateway mesh',
      'Adaptive data rate',
      'Automatic rejoin',
      'Rule engine and webhooks',
      'Custom dashboards',
      'Community forum',
      'White-label option',
    ]) {
      expect(features).toContain(claim);
    }
  });
});
