import { fill, MESSAGES, type Locale } from '../lib/i18n';
import { formatEuro, formatNumber, pricingFigures, type Quote } from '../lib/pricing';

/** The itemised result of the calculator: one row per line of the quote, then the totals. */
export function QuoteTable({ locale, result }: { locale: Locale; result: Quote }) {
  const t = MESSAGES[locale].calculator;
  const euro = (value: number) => formatEuro(value, locale);
  const period = result.months === 12 ? t.perYear : t.perMonth;
  const tierName = result.tier === 'premium' ? t.premium : MESSAGES[locale].pricing.tiers[result.tier].name;
  const figures = { ...pricingFigures(locale), tier: tierName };
  const tokens = fill(result.tokens.overage ? t.tokensDetail : t.tokensDetailFree, {
    used: formatNumber(result.tokens.used, locale),
    free: formatNumber(result.tokens.free, locale),
    billable: formatNumber(result.tokens.billable, locale),
  });

  return (
    <table aria-live="polite">
      <caption>
        {t.planLabel} <strong data-testid="tier">{tierName}</strong>
      </caption>
      <thead>
        <tr>
          <th scope="col">{t.item}</th>
          <th scope="col" className="amount wide">
            {t.quantity}
          </th>
          <th scope="col" className="amount wide">
            {t.unitPrice}
          </th>
          <th scope="col" className="amount">
            {t.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {result.lines.map((line) => (
          <tr key={line.key} data-testid={`line-${line.key}`}>
            <th scope="row">
              {fill(t.lines[line.key], figures)}
              {/* Phones have no room for the quantity and unit price columns: shown under the item. */}
              <small className="narrow">
                {formatNumber(line.quantity, locale)} × {euro(line.unitPrice)}
              </small>
              {line.key === 'tokens' && <small>{tokens}</small>}
            </th>
            <td className="amount wide">{formatNumber(line.quantity, locale)}</td>
            <td className="amount wide">{euro(line.unitPrice)}</td>
            <td className="amount" data-testid={`amount-${line.key}`}>
              {euro(line.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            {t.total} {period}
          </th>
          <td className="wide" colSpan={2} />
          <td className="amount" data-testid="total">
            <strong>{euro(result.recurring)}</strong>
          </td>
        </tr>
        <tr>
          <th scope="row">{t.once}</th>
          <td className="wide" colSpan={2} />
          <td className="amount" data-testid="once">
            {euro(result.once)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
