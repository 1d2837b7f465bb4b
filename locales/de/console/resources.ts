import type { CatalogueOf } from '../../en/console/types';
import type { resources as englishResources } from '../../en/console/resources';

/** German resource names and field labels; the type makes every English key mandatory here. */
export const resources = {
  dashboards: { name: 'Dashboard |||| Dashboards', fields: { name: 'Name', is_shared: 'Geteilt', created_at: 'Erstellt' } },
  devices: {
    name: 'Gerät |||| Geräte',
    notifications: {
      created: 'Gerät „%{name}“ registriert',
      updated: 'Gerät gespeichert',
      deleted: '%{smart_count} Gerät gelöscht |||| %{smart_count} Geräte gelöscht',
    },
    fields: {
      name: 'Name',
      dev_eui: 'DevEUI',
      join_eui: 'JoinEUI',
      app_key: 'AppKey',
      config: 'Geräteprofil',
      unit: 'Einheit',
      config_name: 'Geräteprofil',
      unit_name: 'Einheit',
      last_seen: 'Zuletzt gesehen',
      power_status: 'Stromversorgung',
    },
  },
  gateways: {
    name: 'Gateway |||| Gateways',
    notifications: {
      created: 'Gateway „%{name}“ registriert',
      updated: 'Gateway gespeichert',
      deleted: '%{smart_count} Gateway gelöscht |||| %{smart_count} Gateways gelöscht',
    },
    fields: { name: 'Name', gateway_id: 'Gateway-ID', last_seen: 'Zuletzt gesehen', connected: 'Verbunden', cert_expires_at: 'Zertifikat läuft ab' },
  },
  units: {
    name: 'Einheit |||| Einheiten',
    notifications: {
      created: 'Einheit „%{name}“ angelegt',
      updated: 'Einheit gespeichert',
      deleted: '%{smart_count} Einheit gelöscht |||| %{smart_count} Einheiten gelöscht',
    },
    fields: { group: 'Gruppe', devices: 'Geräte', name: 'Name', group_name: 'Gruppe', device_count: 'Geräte' },
  },
  groups: {
    name: 'Einheitengruppe |||| Einheitengruppen',
    notifications: {
      created: 'Einheitengruppe „%{name}“ angelegt',
      updated: 'Einheitengruppe gespeichert',
      deleted: '%{smart_count} Einheitengruppe gelöscht |||| %{smart_count} Einheitengruppen gelöscht',
    },
    fields: { name: 'Name', unit_count: 'Einheiten' },
  },
  profiles: {
    name: 'Geräteprofil |||| Geräteprofile',
    notifications: {
      created: 'Geräteprofil „%{name}“ angelegt',
      updated: 'Geräteprofil gespeichert',
      deleted: '%{smart_count} Geräteprofil gelöscht |||| %{smart_count} Geräteprofile gelöscht',
    },
    fields: {
      name: 'Name',
      codec: 'Payload-Codec',
      is_template: 'Aus Vorlage',
      supports_otaa: 'OTAA',
      supports_class_b: 'Klasse B',
      supports_class_c: 'Klasse C',
      region: 'Region',
      mac_version: 'LoRaWAN-MAC-Version',
      reg_params_revision: 'Revision der Regionalparameter',
      uplink_interval_s: 'Erwarteter Uplink-Abstand (Sekunden)',
      decoder_precedence: 'Werte, wenn beide dekodieren',
      created_at: 'Erstellt',
    },
  },
  templates: {
    name: 'Profilvorlage |||| Profilvorlagen',
    fields: {
      description: 'Beschreibung',
      vendor: 'Hersteller',
      model: 'Modell',
      version: 'Version',
      supports_otaa: 'OTAA',
      already_added: 'Bereits hinzugefügt',
    },
  },
  companies: {
    name: 'Firma |||| Firmen',
    notifications: {
      created: 'Firma „%{name}“ angelegt',
      updated: 'Firma gespeichert',
      deleted: '%{smart_count} Firma gelöscht |||| %{smart_count} Firmen gelöscht',
    },
    fields: { name: 'Name', tenant_id: 'Mandant', role: 'Rolle', plan: 'Tarif', created_at: 'Erstellt' },
  },
  tenants: {
    name: 'Mandant |||| Mandanten',
    notifications: {
      created: 'Mandant „%{name}“ angelegt',
      updated: 'Mandant gespeichert',
      deleted: '%{smart_count} Mandant gelöscht |||| %{smart_count} Mandanten gelöscht',
    },
    fields: { name: 'Name', logo_url: 'Logo-URL', color_hex: 'Hauptfarbe', created_at: 'Erstellt' },
  },
  'api-keys': {
    name: 'API-Schlüssel |||| API-Schlüssel',
    fields: { name: 'Name', expiresAt: 'Läuft ab', last_used: 'Zuletzt verwendet', created_at: 'Erstellt' },
  },
  webhooks: {
    name: 'Webhook |||| Webhooks',
    fields: { url: 'URL', header_name: 'Header', enabled: 'Aktiv', created_at: 'Erstellt' },
  },
  rules: {
    name: 'Regel |||| Regeln',
    fields: { name: 'Name', enabled: 'Aktiv', scope: 'Gilt für', match: 'Verknüpfung', hysteresis: 'Hysterese' },
  },
  notifications: {
    name: 'Benachrichtigung |||| Benachrichtigungen',
    fields: { title: 'Titel', message: 'Nachricht', is_read: 'Gelesen', created_at: 'Empfangen' },
  },
} satisfies CatalogueOf<typeof englishResources>;
