import {
  DateField as RaDateField,
  NumberField as RaNumberField,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type DateFieldProps,
  type NumberFieldProps,
} from 'react-admin';
import { Chip } from '@mui/material';

/** react-admin's DateField in the console's language (its own default is the browser's). */
export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={locale} {...props} />;
}

/** react-admin's NumberField in the console's language. */
export function NumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <RaNumberField locales={locale} {...props} />;
}

/** A timestamp, or the translated 'Never' when there is none (last seen, spec §2). */
export function TimestampOrNever(props: DateFieldProps & { source: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record?.[props.source]) return <span>{translate('app.common.never')}</span>;
  return <DateField showTime {...props} />;
}
TimestampOrNever.displayName = 'TimestampOrNever';

/** Power status of a device: external power, battery percent, battery low, or unknown (spec §2). */
export function PowerStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ power_status?: string; battery_level?: number | null }>();
  const translate = useTranslate();
  if (!record) return null;
  const status = record.power_status ?? 'unknown';
  const color = status === 'battery_low' ? 'error' : status === 'external' ? 'success' : 'default';
  return <Chip size="small" color={color} label={translate(`app.power.${status}`, { level: record.battery_level ?? '?' })} />;
}

/** A colour swatch with its hex code (tenants' primary colour). */
export function ColorField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ color_hex?: string | null }>();
  if (!record?.color_hex) return null;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span style={{ width: 16, height: 16, borderRadius: 4, background: record.color_hex, display: 'inline-block' }} />
      {record.color_hex}
    </span>
  );
}
