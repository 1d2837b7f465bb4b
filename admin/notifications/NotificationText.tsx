import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { Notification } from '../types/api';

/** Parameters that are moments in time: shown in the reader's own date format. */
const DATE_PARAMS = new Set(['since', 'expires_at']);

function formatParam(name: string, value: string | number, locale: string): string | number {
  if (!DATE_PARAMS.has(name) || typeof value !== 'string' || Number.isNaN(Date.parse(value))) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/**
 * A notification's title or message in the reader's language, from its kind and parameters
 * (locales app.server.notifications). Notifications stored before they had parameters, and kinds
 * this console does not know, show the English text the server stored.
 */
export function notificationText(
  record: Notification,
  part: 'title' | 'message',
  translate: (key: string, options?: object) => string,
  locale: string,
): string {
  if (!record.params) return record[part];
  const params = Object.fromEntries(Object.entries(record.params).map(([name, value]) => [name, formatParam(name, value, locale)]));
  return translate(`app.server.notifications.${record.kind}.${part}`, { ...params, _: record[part] });
}

export function NotificationText({ part }: { part: 'title' | 'message' }) {
  const record = useRecordContext<Notification>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return record ? <>{notificationText(record, part, translate, locale)}</> : null;
}
