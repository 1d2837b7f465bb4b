import { Layout, PageHead } from '../components/Layout';
import { MESSAGES } from '../lib/i18n';
import type { SiteHeadProps, SitePageProps } from './context';

const FeaturesPage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].features;
  return (
    <Layout locale={locale} page="features">
      <h1>{t.heading}</h1>
      <div className="grid">
        {Object.entries(t.items).map(([key, item]) => (
          <section className="card" key={key}>
            <h2>
              {item.title} {key === 'forum' && <span className="badge">{t.comingSoon}</span>}
            </h2>
            <p>{item.text}</p>
          </section>
        ))}
      </div>
    </Layout>
  );
};

export default FeaturesPage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => (
  <PageHead locale={locale} title={MESSAGES[locale].features.title} description={MESSAGES[locale].features.description} />
);
