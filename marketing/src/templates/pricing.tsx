import { useState } from 'react';
import { Layout, PageHead } from '../components/Layout';
import { BillingToggle } from '../components/BillingToggle';
import { fill, MESSAGES } from '../lib/i18n';
import { devicePrice, formatEuro, pricingFigures, type Billing } from '../lib/pricing';
import type { SiteHeadProps, SitePageProps } from './context';

const TIERS = ['free', 'basic', 'pro', 'enterprise'] as const;

const PricingPage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].pricing;
  const [billing, setBilling] = useState<Billing>('monthly');
  const figures = pricingFigures(locale);
  const text = (template: string) => fill(template, figures);
  const priceOf = (tier: (typeof TIERS)[number]) => (tier === 'enterprise' ? t.onRequest : formatEuro(devicePrice(tier, billing), locale));

  return (
    <Layout locale={locale} page="pricing">
      <h1>{t.heading}</h1>
      <BillingToggle locale={locale} billing={billing} onChange={setBilling} />
      <p>{text(billing === 'yearly' ? t.yearlyNote : t.upgradeCredit)}</p>
      <div className="grid">
        {TIERS.map((tier) => (
          <section className="card" key={tier} data-tier={tier}>
            <h2>{t.tiers[tier].name}</h2>
            <p>{text(t.tiers[tier].summary)}</p>
            <p className="price" data-testid={`price-${tier}`}>
              {priceOf(tier)}
            </p>
            {tier !== 'enterprise' && <p>{t.perDeviceMonth}</p>}
            <ul>
              {t.tiers[tier].points.map((point) => (
                <li key={point}>{text(point)}</li>
              ))}
            </ul>
            <a className={tier === 'enterprise' ? 'button secondary' : 'button'} href={tier === 'enterprise' ? 'mailto:hello@loranet.example' : '/auth'}>
              {tier === 'enterprise' ? t.contact : t.choose}
            </a>
          </section>
        ))}
      </div>
      <div className="grid" style={{ marginTop: '2rem' }}>
        <section className="card">
          <h2>{t.tokensTitle}</h2>
          <p>{text(t.tokensText)}</p>
        </section>
        <section className="card">
          <h2>{t.gatewaysTitle}</h2>
          <p>{text(t.gatewaysText)}</p>
        </section>
      </div>
    </Layout>
  );
};

export default PricingPage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => <PageHead locale={locale} title={MESSAGES[locale].pricing.title} description={MESSAGES[locale].pricing.description} />;
