import type { CatalogueOf } from '../../en/console/types';
import type { devices as englishDevices } from '../../en/console/devices';
import { downlinks } from './downlinks';
import { unregistered } from './unregistered';
import { bulkJobs } from './bulk-jobs';

/** German texts of the device screens. */
export const devices = {
  dev_eui_invalid: 'Die DevEUI muss aus 16 Hexadezimalziffern bestehen.',
  app_key_invalid: 'Der AppKey muss aus 32 Hexadezimalziffern bestehen.',
  join_eui_invalid: 'Die JoinEUI muss aus 16 Hexadezimalziffern bestehen.',
  join_eui_help: 'Auch AppEUI genannt. Leer lassen, wenn das Gerät keine hat: Es tritt dann mit Nullen bei.',
  empty_hint:
    'Registrieren Sie eines mit DevEUI und AppKey, importieren Sie die CSV-Datei Ihres Geräte-Shops oder beginnen Sie mit einem Geräteprofil aus dem Vorlagen-Store.',
  empty_register: 'Gerät registrieren',
  export: 'Als CSV exportieren',
  empty_templates: 'Vorlagen ansehen',
  topics: 'Topics',
  topic: 'Topic',
  last_value: 'Letzter Wert',
  last_timestamp: 'Letzter Zeitstempel',
  decoded_by: 'Dekodiert von',
  decoders: {
    network_server: 'Netzwerkserver',
    profile_codec: 'Profil-Codec',
  },
  topics_empty: 'Noch keine Daten empfangen.',
  topics_error: 'Fehler beim Laden der Topics',
  bulk_delete_title: '%{smart_count} Gerät löschen? |||| %{smart_count} Geräte löschen?',
  downlinks,
  unregistered,
  bulk: bulkJobs,
  power_filter: {
    external: 'Externe Stromversorgung',
    battery: 'Batterie',
    battery_low: 'Batterie schwach',
    unknown: 'Unbekannt',
  },
} satisfies CatalogueOf<typeof englishDevices>;
