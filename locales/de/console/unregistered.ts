import type { CatalogueOf } from '../../en/console/types';
import type { unregistered as englishUnregistered } from '../../en/console/unregistered';

/** German texts of the "heard, not registered" panel of the device list. */
export const unregistered = {
  title: 'Empfangen, nicht registriert',
  summary:
    'Der Netzwerkserver hat Ereignisse für %{smart_count} Gerät gesendet, das hier nicht registriert ist. |||| Der Netzwerkserver hat Ereignisse für %{smart_count} Geräte gesendet, die hier nicht registriert sind.',
  help: 'Fügen Sie ein Gerät hinzu, um seine Daten zu erhalten: DevEUI, JoinEUI und Name sind ausgefüllt, Sie ergänzen AppKey und Profil.',
  list_label: 'Empfangene, nicht registrierte Geräte',
  load_failed: 'Die empfangenen, nicht registrierten Geräte konnten nicht geladen werden.',
  dev_eui: 'DevEUI',
  join_eui: 'JoinEUI',
  name: 'Name im Netzwerkserver',
  last_event: 'Letztes Ereignis',
  signal: 'RSSI / SNR',
  gateway: 'Gateway',
  count: 'Ereignisse',
  last_seen: 'Zuletzt gesehen',
  signal_value: '%{rssi} dBm / %{snr} dB',
  add: 'Dieses Gerät hinzufügen',
  add_label: 'Gerät %{dev_eui} hinzufügen',
  events: {
    up: 'Uplink',
    join: 'Beitritt',
    ack: 'Bestätigung',
    txack: 'Gesendet',
    log: 'Protokoll',
    status: 'Status',
    location: 'Standort',
    integration: 'Integration',
  },
} satisfies CatalogueOf<typeof englishUnregistered>;
