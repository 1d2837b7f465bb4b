import type { CatalogueOf } from '../../en/console/types';
import type { companies as englishCompanies, tenants as englishTenants } from '../../en/console/companies';

/** German texts of the company and tenant screens. */
export const companies = {
  people: 'Benutzer und Einladungen',
  users: 'Benutzer',
  invite_email: 'Per E-Mail einladen',
  invite: 'Einladen',
  invalid_email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  invited: 'Einladung für %{email} erstellt.',
  pending_invites: 'Offene Einladungen',
  no_invites: 'Keine offenen Einladungen.',
  sent: 'Gesendet',
  code: 'Einladungscode',
  code_help: 'Der Code aus der Einladung, z. B. ABCD-EFGH-JKLM.',
  copy_code: 'Code kopieren',
  copied: 'Kopiert',
  delete_invite: 'Einladung löschen',
  delete_invite_title: 'Die Einladung für %{email} löschen?',
  join: 'Mit Einladungscode beitreten',
  join_submit: 'Beitreten',
  joined: 'Sie sind der Firma beigetreten.',
  invalid_code: 'Dieser Einladungscode ist ungültig oder wurde bereits verwendet.',
  already_member: 'Sie sind bereits Mitglied dieser Firma.',
  plans: { free: 'Free', basic: 'Basic', pro: 'Pro', premium: 'Premium', enterprise: 'Enterprise' },
  plan_notice: 'Tarif: %{plan}. %{retention} Für einen Tarifwechsel wenden Sie sich an den Support.',
  retention_days: 'Zeitreihen werden %{days} Tage gespeichert.',
  retention_forever: 'Zeitreihen werden dauerhaft gespeichert.',
} satisfies CatalogueOf<typeof englishCompanies>;

export const tenants = {
  preview: 'Vorschau der Navigationsleiste',
  invalid_url: 'Geben Sie eine Webadresse ein, die mit http:// oder https:// beginnt.',
  invalid_color: 'Geben Sie eine Farbe als # und sechs Hexadezimalziffern ein, z. B. #3B82F6.',
  color_help: 'Zum Beispiel #3B82F6',
} satisfies CatalogueOf<typeof englishTenants>;
