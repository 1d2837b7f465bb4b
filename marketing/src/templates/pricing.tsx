import { useState } from 'react';
import { BillingToggle } from '../components/BillingToggle';
import { Layout, PageHead } from '../components/Layout';
import { fill, MESSAGES, pathOf } from '../lib/i18n';
import { devicePrice, formatEuro, pricingFigures, type Billing } from '../lib/pricing';
import type { SiteHeadProps, SitePageProps } from './context';

const TIERS = ['free', 'basic', 'pro', 'enterprise'] as const;
type PublicTier = (typeof TIERS)[number];

const PricingPage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].pricing;
  const [billing, setBilling] = useState<Billing>('monthly');
  const euro = (value: number) => formatEuro(value, locale);
  // Premium storage is priced on the Pro card, so its figure follows the toggle like the tiers.
  const figures = { ...pricingFigures(locale), premiumPrice: euro(devicePrice('premium', billing)) };
  const text = (template: string) => fill(template, figures);
  const priceOf = (tier: PublicTier) => (tier === 'enterprise' ? t.onRequest : euro(devicePrice(tier, billing)));

  return (
    <Layout locale={locale} page="pricing">
      <h1>{t.heading}</h1>
      <p className="lead">{text(t.lead)}</p>
      <BillingToggle locale={locale} billing={billing} onChange={setBilling} />
      <ul className="notes">
        <li className={billing === 'yearly' ? 'active' : undefined}>{text(t.yearlyNote)}</li>
        <li>{text(t.upgradeCredit)}</li>
      </ul>
      <div className="grid tiers">
        {TIERS.map((tier) => (
          <section className="card" key={tier} data-tier={tier}>
            <h2>{t.tiers[tier].name}</h2>
            <p className="muted">{text(t.tiers[tier].summary)}</p>
            <p className="price" data-testid={`price-${tier}`}>
              {priceOf(tier)}
            </p>
            <p className="muted">{tier === 'enterprise' ? t.enterpriseTerms : billing === 'yearly' ? t.perDeviceMonthYearly : t.perDeviceMonth}</p>
            <ul>
              {t.tiers[tier].points.map((point) => (
                <li key={point}>{text(point)}</li>
              ))}
            </ul>
            <a className={tier === 'enterprise' ? 'button secondary' : 'button'} href={tier === 'enterprise' ? `mailto:${t.salesEmail}` : '/auth'}>
              {tier === 'enterprise' ? t.contact : t.choose}
            </a>
          </section>
        ))}
      </div>
      <div className="grid details">
        {(['tokens', 'gateways', 'support'] as const).map((section) => (
          <section className="card" key={section}>
            <h2>{t.details[section].title}</h2>
            <ul>
              {t.details[section].points.map((point) => (
                <li key={point}>{text(point)}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="actions">
        <a className="button" href={pathOf('calculator', locale)}>
          {t.toCalculator}
        </a>
      </p>
    </Layout>
  );
};

export default PricingPage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => (
  <PageHead locale={locale} title={MESSAGES[locale].pricing.title} description={MESSAGES[locale].pricing.description} />
);
