import { Layout, PageHead } from '../components/Layout';
import { IMPRINT_FIELDS, type Imprint } from '../lib/imprint';
import { MESSAGES, type Locale } from '../lib/i18n';
import type { PageContext, SiteHeadProps, SitePageProps } from './context';

type LegalPage = 'imprint' | 'privacy' | 'tos';
const legalOf = (context: PageContext) => MESSAGES[context.locale].legal[context.page as LegalPage];

/** The configured provider details, or an unmissable notice that they are not configured yet. */
function ImprintDetails({ locale, imprint }: { locale: Locale; imprint: Imprint | null }) {
  const t = MESSAGES[locale].legal.imprint;
  if (!imprint) {
    return (
      <p role="alert" className="notice">
        {t.missing}
      </p>
    );
  }
  return (
    <dl>
      {IMPRINT_FIELDS.filter((field) => imprint[field]).map((field) => (
        <div key={field}>
          <dt>{t.fields[field]}</dt>
          <dd>{imprint[field]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Imprint, privacy policy and terms: one template, three texts; the imprint's details come from configuration. */
const LegalTemplate = ({ pageContext }: SitePageProps) => {
  const t = legalOf(pageContext);
  return (
    <Layout locale={pageContext.locale} page={pageContext.page}>
      <h1>{t.title}</h1>
      {t.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {pageContext.page === 'imprint' && <ImprintDetails locale={pageContext.locale} imprint={pageContext.imprint ?? null} />}
    </Layout>
  );
};

export default LegalTemplate;

export const Head = ({ pageContext }: SiteHeadProps) => (
  <PageHead locale={pageContext.locale} title={legalOf(pageContext).title} description={legalOf(pageContext).description} />
);
