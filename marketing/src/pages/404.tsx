import { useEffect, useState } from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { Layout, PageHead } from '../components/Layout';
import { localeOfPath, MESSAGES, pathOf, type Locale } from '../lib/i18n';

/**
 * One static file (404.html) answers every unknown path with status 404. It is rendered in English
 * and switches to German after hydration when the path lies below /de/; switching in an effect
 * (not during render) keeps hydration consistent with the static HTML.
 */
const NotFoundPage = ({ location }: PageProps) => {
  const [locale, setLocale] = useState<Locale>('en');
  useEffect(() => setLocale(localeOfPath(location.pathname)), [location.pathname]);
  const t = MESSAGES[locale].notFound;
  return (
    <Layout locale={locale} page="notFound">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      <p>
        <a href={pathOf('home', locale)}>{t.home}</a>
      </p>
    </Layout>
  );
};

export default NotFoundPage;

/** Gatsby renders Head again in the browser with the real location, which sets <html lang>. */
export const Head = ({ location }: HeadProps) => {
  const t = MESSAGES[localeOfPath(location.pathname)].notFound;
  return <PageHead locale={localeOfPath(location.pathname)} title={t.title} description={t.text} />;
};
