import { Layout, PageHead } from '../components/Layout';
import { MESSAGES, pathOf } from '../lib/i18n';

/** Served with status 404 for every unknown path; German below /de/. */
const NotFoundPage = ({ location }: { location: { pathname: string } }) => {
  const locale = location.pathname.startsWith('/de/') ? 'de' : 'en';
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

export const Head = () => <PageHead locale="en" title={MESSAGES.en.notFound.title} description={MESSAGES.en.notFound.text} />;
