import { MESSAGES, type Locale } from '../lib/i18n';
import type { Billing } from '../lib/pricing';

/** Monthly / yearly switch shared by the pricing page and the calculator. */
export function BillingToggle({ locale, billing, onChange }: { locale: Locale; billing: Billing; onChange: (billing: Billing) => void }) {
  const t = MESSAGES[locale].pricing;
  return (
    <div className="toggle" role="group" aria-label={t.billing}>
      {(['monthly', 'yearly'] as const).map((option) => (
        <button key={option} type="button" aria-pressed={billing === option} onClick={() => onChange(option)}>
          {option === 'monthly' ? t.monthly : t.yearly}
        </button>
      ))}
    </div>
  );
}
