import { Layout, PageHead } from '../components/Layout';
import { fill, MESSAGES, pathOf } from '../lib/i18n';
import { pricingFigures } from '../lib/pricing';
import type { SiteHeadProps, SitePageProps } from './context';

const HomePage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].home;

  return (
    <Layout locale={locale} page="home">
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      <p className="actions">
        <a className="button" href="/auth">
          {fill(t.primary, pricingFigures(locale))}
        </a>
        <a className="button secondary" href={pathOf('pricing', locale)}>
          {t.secondary}
        </a>
      </p>
      <h2>{t.pointsTitle}</h2>
      <div className="grid">
        {Object.values(t.points).map((point) => (
          <section className="card" key={point.title}>
            <h3>{point.title}</h3>
            <p>{point.text}</p>
          </section>
        ))}
      </div>
      <p className="actions">
        <a href={pathOf('features', locale)}>{t.allFeatures}</a>
      </p>
    </Layout>
  );
};

export default HomePage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => (
  <PageHead locale={locale} title={MESSAGES[locale].home.title} description={MESSAGES[locale].home.description} />
);
