import { Layout, PageHead } from '../components/Layout';
import { MESSAGES } from '../lib/i18n';
import type { PageContext, SiteHeadProps, SitePageProps } from './context';

type LegalPage = 'imprint' | 'privacy' | 'tos';
const legalOf = (context: PageContext) => MESSAGES[context.locale].legal[context.page as LegalPage];

/** Imprint, privacy policy and terms: one template, three texts. */
const LegalTemplate = ({ pageContext }: SitePageProps) => {
  const t = legalOf(pageContext);
  return (
    <Layout locale={pageContext.locale} page={pageContext.page}>
      <h1>{t.title}</h1>
      {t.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Layout>
  );
};

export default LegalTemplate;

export const Head = ({ pageContext }: SiteHeadProps) => (
  <PageHead locale={pageContext.locale} title={legalOf(pageContext).title} description={legalOf(pageContext).description} />
);
