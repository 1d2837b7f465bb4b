import type { CatalogueOf } from '../../en/console/types';
import type { server as englishServer } from '../../en/console/server';

/** German texts of the server's codes: field problems, import-row reasons and notifications. */
export const server = {
  fields: {
    required: 'Dieses Feld ist erforderlich.',
    unknown_field: 'Unbekanntes Feld.',
    unknown_fields: 'Unbekanntes Feld: %{fields}.',
    type: 'Muss vom Typ %{type} sein.',
    empty: 'Dieses Feld darf nicht leer sein.',
    blank: 'Dieses Feld darf nicht leer sein.',
    too_short: 'Muss mindestens %{limit} Zeichen lang sein.',
    too_long: 'Darf höchstens %{limit} Zeichen lang sein.',
    invalid_format: 'Hat ein ungültiges Format.',
    format: 'Muss ein gültiges Format haben (%{format}).',
    too_small: 'Muss mindestens %{limit} sein.',
    too_large: 'Darf höchstens %{limit} sein.',
    not_allowed: 'Ist keiner der erlaubten Werte.',
    invalid: 'Ist ungültig.',
    dev_eui_invalid: 'Die DevEUI muss aus 16 Hexadezimalziffern bestehen.',
    app_key_invalid: 'Der AppKey muss aus 32 Hexadezimalziffern bestehen.',
    dev_eui_taken: 'Diese DevEUI ist bereits registriert.',
    dev_eui_repeated: 'Diese DevEUI kommt weiter oben im selben Import schon vor.',
    device_registered: 'Ein Gerät mit dieser DevEUI ist bereits registriert.',
    gateway_id_invalid: 'Die Gateway-ID muss aus 16 Hexadezimalziffern bestehen.',
    gateway_id_taken: 'Diese Gateway-ID ist bereits registriert.',
    payload_invalid: 'Geben Sie die Bytes hexadezimal (z. B. 01 A4 FF) oder als Base64 ein.',
    name_invalid: 'Der Name muss Text mit höchstens 200 Zeichen sein.',
    no_such_profile: 'Dieses Geräteprofil gibt es nicht.',
    no_such_unit: 'Diese Einheit gibt es nicht.',
    no_such_device: 'Dieses Gerät gibt es nicht.',
    no_such_group: 'Diese Gruppe gibt es nicht.',
    no_such_tenant: 'Diesen Mandanten gibt es nicht.',
    url_invalid: 'Muss eine http(s)-Adresse sein.',
    header_name_invalid: 'Muss ein gültiger HTTP-Header-Name sein.',
    colour_invalid: 'Muss eine Farbe wie #3B82F6 sein.',
    expiry_in_past: 'Das Ablaufdatum muss in der Zukunft liegen.',
    range_reversed: 'Der Beginn darf nicht nach dem Ende liegen.',
    widget_outside_grid: 'Das Widget muss in die %{columns} Spalten des Rasters passen.',
    private_address: 'Webhooks müssen auf eine öffentliche Adresse zeigen.',
    filter_field_unknown: 'Filterbare Felder: %{fields}.',
    filter_model_unknown: 'Filterbare Modelle: %{models}.',
    already_added: 'Bereits hinzugefügt',
  },
  notifications: {
    battery_low: { title: 'Batterie schwach: %{name}', message: 'Die Batterie von %{name} steht bei %{level} %.' },
    device_silent: {
      title: 'Gerät meldet sich nicht: %{name}',
      message: '%{name} meldet sich sonst alle %{minutes} min und wurde seit %{since} nicht mehr gehört.',
    },
    certificate_expiring: {
      title: 'Gateway-Zertifikat läuft bald ab: %{name}',
      message:
        'Das Zertifikat von %{name} läuft am %{expires_at} ab. Laden Sie auf der Gateway-Seite ein neues herunter und installieren Sie es auf dem Gateway.',
    },
    gateway_disconnected: { title: 'Gateway getrennt: %{name}', message: '%{name} hat die Verbindung zur Plattform verloren.' },
  },
} satisfies CatalogueOf<typeof englishServer>;
