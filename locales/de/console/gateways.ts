import type { CatalogueOf } from '../../en/console/types';
import type { gateways as englishGateways } from '../../en/console/gateways';

/** German texts of the gateway screens and the setup wizard. */
export const gateways = {
  empty: 'Noch keine Gateways. Der Einrichtungsassistent registriert eines und stellt sein Zertifikat aus.',
  set_up: 'Gateway einrichten',
  wizard_title: 'Gateway-Einrichtung',
  steps: { requirements: 'Voraussetzungen', register: 'Registrieren', configure: 'Konfigurieren', verify: 'Prüfen' },
  requirements_intro: 'Bereiten Sie das Gateway vor:',
  requirements: {
    os: 'Installieren Sie das Gateway-Betriebssystem.',
    password: 'Legen Sie ein Passwort fest.',
    concentrator: 'Aktivieren Sie den Konzentrator mit dem Kanalplan EU868.',
    forwarder: 'Aktivieren Sie den MQTT-Forwarder.',
  },
  gateway_id_help: 'Die Gateway-ID (EUI-64): 16 Hexadezimalziffern.',
  register: 'Registrieren',
  registration_failed: 'Registrierung fehlgeschlagen',
  configure_intro:
    'Tragen Sie die Serveradresse im MQTT-Forwarder des Gateways ein und installieren Sie das CA-Zertifikat, das TLS-Zertifikat und den TLS-Schlüssel.',
  server: 'MQTT-Serveradresse',
  ca_cert: 'CA-Zertifikat',
  tls_cert: 'TLS-Zertifikat',
  tls_key: 'TLS-Schlüssel',
  copy: 'Kopieren',
  copied: 'Kopiert',
  download_file: '%{name} herunterladen',
  download_certificate: 'Zertifikat herunterladen',
  waiting: 'Warten auf die Verbindung des Gateways…',
  complete: 'Einrichtung abgeschlossen: Das Gateway ist verbunden.',
  expiring_soon: 'läuft bald ab',
  next: 'Weiter',
  back: 'Zurück',
  skip: 'Überspringen und schließen',
  close: 'Schließen',
} satisfies CatalogueOf<typeof englishGateways>;
