import { useEffect, type ReactNode } from 'react';
import { MESSAGES, pathOf, storedLanguage, storeLanguage, type Locale, type Page } from '../lib/i18n';
import { SITE_NAME } from '../lib/product';
import '../styles/site.css';

interface LayoutProps {
  locale: Locale;
  page: Page | 'notFound';
  children: ReactNode;
}

/** Header with the main links and sign-in, the page, and the legal footer (no console bar). */
export function Layout({ locale, page, children }: LayoutProps) {
  const t = MESSAGES[locale];
  const other: Locale = locale === 'en' ? 'de' : 'en';
  const here: Page = page === 'notFound' ? 'home' : page;

  // The language a visitor reads is the one the console opens in (shared storage key). The English
  // home page with German stored is being redirected by the head script: leave the choice alone.
  // Any other English page was asked for explicitly, so it becomes the choice.
  useEffect(() => {
    if (locale === 'de' || page !== 'home' || storedLanguage() !== 'de') storeLanguage(locale);
  }, [locale, page]);

  const link = (target: Page, label: string) => (
    <a href={pathOf(target, locale)} aria-current={page === target ? 'page' : undefined}>
      {label}
    </a>
  );

  return (
    <>
      <header className="site-header">
        <a className="brand" href={pathOf('home', locale)}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28">
            <circle cx="14" cy="14" r="4" fill="currentColor" />
            <path d="M6 14a8 8 0 0 1 16 0M2 14a12 12 0 0 1 24 0" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {SITE_NAME}
        </a>
        <nav aria-label={t.nav.menu}>
          {link('features', t.nav.features)}
          {link('pricing', t.nav.pricing)}
          {link('calculator', t.nav.calculator)}
          <a href={pathOf(here, other)} hrefLang={other} lang={other} onClick={() => storeLanguage(other)} title={t.nav.language}>
            {t.nav.otherLanguage}
          </a>
          <a href="/auth">{t.nav.signIn}</a>
          <a className="button" href="/auth">
            {t.nav.getStarted}
          </a>
        </nav>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <p>{t.footer.hosted}</p>
        <p>
          {link('imprint', t.footer.imprint)} · {link('privacy', t.footer.privacy)} · {link('tos', t.footer.tos)}
        </p>
      </footer>
    </>
  );
}

/** Title, description and language of a page (Gatsby Head API). */
export function PageHead({ locale, title, description }: { locale: Locale; title: string; description: string }) {
  return (
    <>
      <html lang={locale} />
      <title>{`${title} · ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  );
}
