import { useState } from 'react';
import { BillingToggle } from '../components/BillingToggle';
import { ConfirmedNumber } from '../components/ConfirmedNumber';
import { Layout, PageHead } from '../components/Layout';
import { fill, MESSAGES } from '../lib/i18n';
import { formatEuro, quote, type CalculatorInput, type StoragePlan } from '../lib/pricing';
import type { SiteHeadProps, SitePageProps } from './context';

const INITIAL: CalculatorInput = { devices: 50, storage: 'month', apiRequests: 20_000, retrievalWeeks: 0, gatewaysWithLte: 1, gatewaysWithoutLte: 0, billing: 'monthly' };
const NUMBER_FIELDS = ['devices', 'apiRequests', 'retrievalWeeks', 'gatewaysWithLte', 'gatewaysWithoutLte'] as const;

const CalculatorPage = ({ pageContext: { locale } }: SitePageProps) => {
  const t = MESSAGES[locale].calculator;
  const tiers = MESSAGES[locale].pricing.tiers;
  const [input, setInput] = useState<CalculatorInput>(INITIAL);
  const result = quote(input);
  const euro = (value: number) => formatEuro(value, locale);
  const period = input.billing === 'yearly' ? t.perYear : t.perMonth;
  const months = input.billing === 'yearly' ? 12 : 1;
  const number = (value: number) => new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB').format(value);
  const tierName = result.tier === 'premium' ? t.storagePlans.unlimited : tiers[result.tier].name;

  return (
    <Layout locale={locale} page="calculator">
      <h1>{t.heading}</h1>
      <p>{t.hint}</p>
      <BillingToggle locale={locale} billing={input.billing} onChange={(billing) => setInput({ ...input, billing })} />
      <form className="form" onSubmit={(event) => event.preventDefault()}>
        {NUMBER_FIELDS.map((field) => (
          <ConfirmedNumber key={field} label={t[field]} value={input[field]} onConfirm={(value) => setInput((current) => ({ ...current, [field]: value }))} />
        ))}
        <label>
          {t.storage}
          <select value={input.storage} onChange={(event) => setInput({ ...input, storage: event.target.value as StoragePlan })}>
            {(['month', 'year', 'unlimited'] as const).map((plan) => (
              <option key={plan} value={plan}>
                {t.storagePlans[plan]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <h2>{t.result}</h2>
      <table aria-live="polite">
        <tbody>
          <tr>
            <th scope="row">{t.tier}</th>
            <td className="amount" data-testid="tier">
              {tierName}
            </td>
          </tr>
          <tr>
            <th scope="row">{t.deviceFees}</th>
            <td className="amount" data-testid="device-fees">
              {euro(result.devicesMonthly * months)} {period}
            </td>
          </tr>
          <tr>
            <th scope="row">
              {t.tokens}
              <br />
              <small>{fill(t.tokensDetail, { used: number(result.tokensUsed), free: number(result.tokensFree), blocks: result.tokenBlocks })}</small>
            </th>
            <td className="amount">
              {euro(result.tokensMonthly * months)} {period}
            </td>
          </tr>
          <tr>
            <th scope="row">{t.gatewaysOnce}</th>
            <td className="amount">{euro(result.gatewaysOnce)}</td>
          </tr>
          <tr>
            <th scope="row">{t.total}</th>
            <td className="amount" data-testid="total">
              <strong>
                {euro(result.recurring)} {period}
              </strong>
            </td>
          </tr>
        </tbody>
      </table>
    </Layout>
  );
};

export default CalculatorPage;

export const Head = ({ pageContext: { locale } }: SiteHeadProps) => <PageHead locale={locale} title={MESSAGES[locale].calculator.title} description={MESSAGES[locale].calculator.description} />;
