import { useState } from 'react';
import { BillingToggle } from '../components/BillingToggle';
import { ConfirmedNumber } from '../components/ConfirmedNumber';
import { Layout, PageHead } from '../components/Layout';
import { QuoteTable } from '../components/QuoteTable';
import { fill, MESSAGES } from '../lib/i18n';
import { pricingFigures, quote, type CalculatorInput, type GatewayAcquisition, type StoragePlan } from '../lib/pricing';
import type { SiteHeadProps, SitePageProps } from './context';

/** A typical first fleet: enough devices to leave the free tier, some API use, one LTE gateway. */
const INITIAL: CalculatorInput = {
  devices: 50,
  storage: 'month',
  apiRequests: 20_000,
  retrievalWeeks: 0,
  gatewaysWithLte: 1,
  gatewaysWithoutLte: 0,
  gatewayAcquisition: 'purchase',
  billing: 'monthly',
};
const NUMBER_FIELDS = ['devices', 'apiRequests', 'retrievalWeeks', 'gatewaysWithLte', 'gatewaysWithoutLte'] as const;
const STORAGE_PLANS: readonly StoragePlan[] = ['month', 'year', 'unlimited'];
const ACQUISITIONS: readonly GatewayAcquisition[] = ['purchase', 'lease'];

const CalculatorPage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].calculator;
  const figures = pricingFigures(locale);
  const [input, setInput] = useState<CalculatorInput>(INITIAL);
  const update = (change: Partial<CalculatorInput>) => setInput((current) => ({ ...current, ...change }));

  return (
    <Layout locale={locale} page="calculator">
      <h1>{t.heading}</h1>
      <p>{fill(t.intro, figures)}</p>
      <p className="hint-line">{t.hint}</p>
      <BillingToggle locale={locale} billing={input.billing} onChange={(billing) => update({ billing })} />
      <form className="form" onSubmit={(event) => event.preventDefault()}>
        {NUMBER_FIELDS.map((field) => (
          <ConfirmedNumber
            key={field}
            label={fill(t.fields[field], figures)}
            value={input[field]}
            pendingHint={t.pending}
            onConfirm={(value) => update({ [field]: value })}
          />
        ))}
        <label>
          {t.storage}
          <select value={input.storage} onChange={(event) => update({ storage: event.target.value as StoragePlan })}>
            {STORAGE_PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {t.storagePlans[plan]}
              </option>
            ))}
          </select>
          <small className="hint">{'\u00a0'}</small>
        </label>
        <fieldset className="choice">
          <legend>{t.acquisition}</legend>
          {ACQUISITIONS.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="acquisition"
                value={option}
                checked={input.gatewayAcquisition === option}
                onChange={() => update({ gatewayAcquisition: option })}
              />
              {fill(t.acquisitions[option], figures)}
            </label>
          ))}
        </fieldset>
      </form>
      <h2>{t.result}</h2>
      <QuoteTable locale={locale} result={quote(input)} />
      <p className="note">{fill(t.footnote, figures)}</p>
    </Layout>
  );
};

export default CalculatorPage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => (
  <PageHead locale={locale} title={MESSAGES[locale].calculator.title} description={MESSAGES[locale].calculator.description} />
);
