import type { CatalogueOf } from '../../en/console/types';
import type { webhooks as englishWebhooks } from '../../en/console/webhooks';

/** German texts of the webhook screen. */
export const webhooks = {
  new: 'Neuer Webhook',
  empty: 'Noch keine Webhooks. Ein Webhook sendet jeden dekodierten Uplink dieser Firma an eine URL Ihrer Wahl.',
  header_value: 'Header-Wert',
  secret_title: 'Signaturschlüssel',
  secret_once:
    'Kopieren Sie diesen Schlüssel jetzt. Er wird nicht noch einmal angezeigt. Ihr Empfänger prüft damit den Header webhook-signature jeder Zustellung (Standard Webhooks).',
  copy: 'Kopieren',
  copied: 'Kopiert',
  close: 'Schließen',
  rotate: 'Schlüssel erneuern',
  rotate_title: 'Den Signaturschlüssel von %{url} erneuern?',
  rotate_content: 'Ab sofort werden Zustellungen mit einem neuen Schlüssel signiert; Ihr Empfänger muss auf ihn umstellen.',
  delete_title: 'Den Webhook an %{url} löschen?',
  deliveries: 'Letzte Zustellungen',
  no_deliveries: 'Noch nichts gesendet.',
  deliveries_error: 'Die Zustellungen konnten nicht geladen werden.',
  queued: 'Eingereiht',
  status: 'Status',
  attempts: 'Versuche',
  next_attempt: 'Nächster Versuch',
  duration: 'Dauer',
  duration_ms: '%{ms} ms',
  send_test: 'Testereignis senden',
  edit_title: 'Webhook an %{url} ändern',
  header_value_kept: 'Ein Wert ist gespeichert. Lassen Sie das Feld leer, um ihn zu behalten.',
  test_queued: 'Testereignis eingereiht. Öffnen Sie die Zeile, um die Zustellung zu sehen.',
  enable: 'Webhook an %{url} fortsetzen',
  disable: 'Webhook an %{url} pausieren',
  reason: 'Warum nicht zugestellt',
  state: { pending: 'Ausstehend', delivered: 'Zugestellt', failed: 'Fehlgeschlagen' },
} satisfies CatalogueOf<typeof englishWebhooks>;
