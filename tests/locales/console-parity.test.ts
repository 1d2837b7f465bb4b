import { describe, expect, it } from 'vitest';
import { enMessages } from '../../locales/en/console';
import { deMessages } from '../../locales/de/console';
import { loadMessages } from '../../admin/providers/i18nProvider';
import { mergeCatalogues } from '../../locales/catalogues';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
const lookup = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);

describe('console catalogues en/de', () => {
  const en = enMessages as unknown as Tree;
  const de = deMessages as unknown as Tree;

  it('German has every app and resource key of English, with the same placeholders', () => {
    const appKeys = keys({ app: en.app, resources: en.resources } as Tree);
    expect(appKeys.length).toBeGreaterThan(100);
    for (const key of appKeys) {
      const german = lookup(de, key);
      expect(typeof german, key).toBe('string');
      expect(placeholders(german as string), key).toEqual(placeholders(lookup(en, key) as string));
    }
    expect(keys({ app: de.app, resources: de.resources } as Tree).sort()).toEqual(appKeys.sort());
  });

  it('the merged German catalogue misses no key of react-admin English', async () => {
    const merged = (await loadMessages('de')) as unknown as Tree;
    const missing = keys(en).filter((key) => typeof lookup(merged, key) !== 'string');
    expect(missing).toEqual([]);
    expect(lookup(merged, 'ra.action.delete')).toBe('Löschen');
    expect(lookup(merged, 'app.nav.logout')).toBe('Abmelden');
  });

  it('the German catalogue holds no English react-admin text', () => {
    // The same in both languages, so not left untranslated: page titles made of placeholders, and words German shares.
    const sameInBoth: Record<string, string> = {
      'ra.page.dashboard': 'Dashboard',
      'ra.page.list': '%{name}',
      'ra.page.edit': '%{name} %{recordRepresentation}',
      'ra.page.show': '%{name} %{recordRepresentation}',
      'ra.message.details': 'Details',
    };
    const english = keys({ ra: en.ra } as Tree);
    expect(english.length).toBeGreaterThan(150);
    const untranslated = english.filter((key) => {
      const german = lookup(de, key);
      return typeof german !== 'string' || (german === lookup(en, key) && sameInBoth[key] !== german);
    });
    expect(untranslated).toEqual([]);
    for (const key of english) expect(placeholders(lookup(de, key) as string), key).toEqual(placeholders(lookup(en, key) as string));
  });

  it('merging keeps the base where the override lacks a key', () => {
    expect(mergeCatalogues({ a: { b: 'x', c: 'y' } }, { a: { b: 'z' } })).toEqual({ a: { b: 'z', c: 'y' } });
  });

  it('English holds the spec texts verbatim', () => {
    const app = en.app as Tree;
    expect(lookup(app, 'errors.general')).toBe('An error occurred. Please try again.');
    expect(lookup(app, 'errors.networkError')).toBe('Network error. Please check your connection.');
    expect(lookup(app, 'errors.unauthorized')).toBe('You are not authorized to access this resource.');
    expect(lookup(app, 'errors.notFound')).toBe('The requested resource was not found.');
    expect(lookup(app, 'errors.validation')).toBe('Please check your input and try again.');
    expect(lookup(app, 'search.searchErrorDescription')).toBe('There was an error performing the search. Please try again.');
    expect(lookup(app, 'info.backendUnavailable')).toBe('Backend Unavailable');
    expect(lookup(app, 'errors.setupError')).toBe('Failed to setup account. Please try again.');
    expect(lookup(app, 'api_keys.never_used')).toBe('never used');
    expect(lookup(app, 'api_keys.expired')).toBe('expired');
    expect(lookup(app, 'users.you')).toBe('You');
    expect(lookup(app, 'nav.logout')).toBe('Sign out');
  });
});
