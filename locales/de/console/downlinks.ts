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
  sent: 'Downlink auf FPort %{f_port} gespeichert: %{data}. Er geht an den Netzwerkserver, sobald dieser ihn annimmt; sein Status steht unten.',
  empty_payload: '(keine Bytes)',
  codec_warning: 'Warnung des Codecs: %{warning}',
  queue: 'Letzte Downlinks',
  refresh: 'Downlinks aktualisieren',
  flush: 'Warteschlange leeren',
  flush_title: 'Downlink-Warteschlange leeren?',
  flush_content:
    'Jeder Downlink, der noch nicht gesendet ist, wird abgebrochen: die hier wartenden sofort, die in der Warteschlange des Netzwerkservers, sobald dieser sie geleert hat.',
  queue_empty: 'Noch keine Downlinks gesendet.',
  columns: { time: 'Zeit', f_port: 'FPort', confirmed: 'Bestätigt', data: 'Nutzdaten (hex)', f_cnt: 'FCnt', state: 'Status' },
  on_port: 'FPort %{f_port}',
  frame: 'FCnt %{f_cnt}',
  states: {
    pending: 'Wartet auf Versand',
    queued: 'In der Warteschlange',
    sent: 'Gesendet',
    acknowledged: 'Bestätigt',
    not_acknowledged: 'Nicht bestätigt',
    failed: 'Fehlgeschlagen',
    cancelled: 'Abgebrochen',
  },
  queue_failed: 'Die Downlinks konnten nicht geladen werden.',
} satisfies CatalogueOf<typeof englishDownlinks>;
