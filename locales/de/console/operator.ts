import type { CatalogueOf } from '../../en/console/types';
import type { operator as englishOperator, suspendedBanner as englishBanner } from '../../en/console/operator';

/** German texts of the operator back-office (issue #17) and of a suspended company's banner. */
export const operator = {
  title: 'Betreiber',
  companies: 'Firmen der Plattform',
  empty: 'Keine Firma passt.',
  error: 'Die Firmen konnten nicht geladen werden.',
  forbidden: 'Nur Betreiber der Plattform dürfen den Betreiberbereich öffnen.',
  search: 'Nach Namen suchen',
  all: 'Alle',
  name: 'Firma',
  plan: 'Tarif',
  devices: 'Geräte',
  members: 'Mitglieder',
  tokens: 'API-Tokens diesen Monat',
  device_limit: 'Gerätelimit',
  token_quota: 'Monatliches Token-Kontingent',
  plan_default: 'Laut Tarif',
  status: 'Status',
  active: 'Aktiv',
  suspended: 'Gesperrt',
  created: 'Angelegt',
  manage: 'Verwalten',
  manage_company: '%{name} verwalten',
  override_help: 'Leer lassen für den Wert des Tarifs.',
  override_invalid: 'Eine ganze Zahl von 0 bis %{max} oder leer.',
  save: 'Tarif und Limits speichern',
  saved: 'Tarif und Limits von %{name} sind gespeichert.',
  reason: 'Grund der Sperre',
  reason_help: 'Die Benutzer der Firma lesen ihn in einem Hinweis, zusammen mit Ihrer E-Mail-Adresse.',
  suspend: 'Sperren',
  suspended_notice: '%{name} ist gesperrt: Ihre Daten können nur noch gelesen werden.',
  suspended_because: 'Gesperrt: %{reason}',
  resume: 'Entsperren',
  resumed_notice: '%{name} kann ihre Daten wieder ändern.',
} satisfies CatalogueOf<typeof englishOperator>;

export const suspendedBanner = {
  title: '%{name} ist gesperrt',
  read_only: 'Sie können die Daten lesen, aber nicht ändern, und die API-Schlüssel werden abgewiesen. Es wurde nichts gelöscht.',
  reason: 'Grund: %{reason}',
  contact: 'Fragen? Schreiben Sie an',
  contact_operator: 'Fragen? Wenden Sie sich an den Betreiber der Plattform.',
} satisfies CatalogueOf<typeof englishBanner>;
