import { describe, expect, it } from 'vitest';
import { fill, LOCALES, MESSAGES, PAGES, pathOf } from '../../marketing/src/lib/i18n';
import { pricingFigures } from '../../marketing/src/lib/pricing';

/** Leaf strings of a message tree, keyed by their dotted path. */
function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object') for (const [key, value] of Object.entries(tree)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

describe('marketing pages in both languages', () => {
  it('has every page at its own URL in English and German', () => {
    const paths = LOCALES.flatMap((locale) => PAGES.map((page) => pathOf(page, locale)));
    expect(new Set(paths).size).toBe(PAGES.length * 2);
    expect(pathOf('home', 'en')).toBe('/');
    expect(pathOf('pricing', 'de')).toBe('/de/pricing/');
  });

  it('has the same message keys in German as in English, none empty', () => {
    const en = leaves(MESSAGES.en);
    const de = leaves(MESSAGES.de);
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of de) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('fills every placeholder of the texts from the pricing module', () => {
    for (const locale of LOCALES) {
      for (const [key, text] of leaves(MESSAGES[locale])) {
        if (key.startsWith('calculator.')) continue; // the calculator fills its own result values
        expect({ key, text: fill(text, pricingFigures(locale)) }).not.toMatchObject({ text: expect.stringMatching(/\{\w+\}/) });
      }
    }
    expect(fill(MESSAGES.de.pricing.gatewaysText, pricingFigures('de'))).toContain('249 Euro mit LTE, 149 Euro ohne');
  });

  it('translates page titles and descriptions instead of copying English', () => {
    for (const section of ['home', 'features', 'pricing', 'calculator'] as const) {
      expect(MESSAGES.de[section].description).not.toBe(MESSAGES.en[section].description);
    }
    for (const legal of ['imprint', 'privacy', 'tos'] as const) expect(MESSAGES.de.legal[legal].title).not.toBe(MESSAGES.en.legal[legal].title);
  });
});
