import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { documentTitle } from '../common/product';
import { useAreaTexts } from '../providers/i18nProvider';
import { mainTabs, profileMenuEntries } from './navigation';

/** Every page the bar and the profile menu lead to, in either tenant mode. */
const ENTRIES = [...mainTabs(true), ...profileMenuEntries(true, true), ...profileMenuEntries(false)];

/** Pages below a navigation entry that are pages of their own. */
const SUB_PAGES: Record<string, string> = { '/devices/import': 'app.import.title', '/network/reconcile': 'app.network.reconcile.title' };

/** The catalogue key naming the page at a path: its navigation label, else null (a page without one). */
export function pageTitleKey(pathname: string): string | null {
  const sub = Object.keys(SUB_PAGES).find((path) => pathname === path || pathname.startsWith(`${path}/`));
  if (sub) return SUB_PAGES[sub];
  const first = pathname.split('/')[1] || 'dashboard';
  return ENTRIES.find((entry) => entry.name === first)?.label ?? null;
}

/**
 * Names the browser tab after the page, in the user's language, then the product ("Devices ·
 * LoRaNet Cloud"), so tabs, history and screen readers tell the pages apart.
 */
export function useDocumentTitle(key: string | null): void {
  const translate = useTranslate();
  // A sub-page's name is a screen's text (app.import, app.network): the title is set again when those come.
  useAreaTexts();
  const page = key ? translate(key) : null;
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
