import type { CatalogueOf } from '../../en/console/types';
import type { downlinks as englishDownlinks } from '../../en/console/downlinks';

/** German texts of a device's downlinks panel. */
export const downlinks = {
  title: 'Downlinks',
  standalone:
    'Downlinks brauchen einen Netzwerkserver (ChirpStack). Diese Installation läuft ohne: Gerätedaten kommen über die Ingest-API, und an Geräte kann nichts gesendet werden.',
  f_port: 'FPort',
  f_port_from_codec: 'Leer: der Port des Codecs',
  f_port_invalid: 'Eine ganze Zahl von %{min} bis %{max}',
  confirmed: 'Bestätigt',
  encoding: 'Nutzdatenformat',
  encodings: { hex: 'Hex', base64: 'Base64', json: 'JSON (Codec des Profils)' },
  payload: 'Nutzdaten',
  payload_help: {
    hex: 'Die Bytes hexadezimal, z. B. 01 A4 FF',
    base64: 'Die Bytes als Base64, z. B. AaT/',
    json: 'JSON für encodeDownlink des Profils, z. B. {"setpoint": 21.5}',
  },
  send: 'Senden',
  sent: 'Downlink auf FPort %{f_port} eingereiht: %{data}',
  empty_payload: '(keine Bytes)',
  codec_warning: 'Warnung des Codecs: %{warning}',
  queue: 'Warteschlange',
  refresh: 'Warteschlange aktualisieren',
  flush: 'Warteschlange leeren',
  flush_title: 'Downlink-Warteschlange leeren?',
  flush_content: 'Alle Downlinks, die noch auf dieses Gerät warten, werden aus dem Netzwerkserver entfernt.',
  queue_empty: 'Keine Downlinks in der Warteschlange.',
  columns: { f_port: 'FPort', confirmed: 'Bestätigt', data: 'Nutzdaten (hex)', f_cnt: 'FCnt', state: 'Status' },
  states: { pending: 'Gesendet, wartet auf Bestätigung', waiting: 'Wartet' },
  unavailable: 'Der Netzwerkserver ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  refused: 'Der Netzwerkserver hat den Downlink abgelehnt.',
  queue_failed: 'Die Downlink-Warteschlange konnte nicht geladen werden.',
} satisfies CatalogueOf<typeof englishDownlinks>;
