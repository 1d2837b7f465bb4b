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
  client_id_hint:
    'Die MQTT-Client-ID des Forwarders muss die Gateway-ID sein, %{gateway_id}: Lassen Sie sie im ChirpStack MQTT Forwarder leer, er verwendet dann die Gateway-ID.',
  server: 'MQTT-Serveradresse',
  ca_cert: 'CA-Zertifikat',
  tls_cert: 'TLS-Zertifikat',
  tls_key: 'TLS-Schlüssel',
  copy: 'Kopieren',
  copied: 'Kopiert',
  download_file: '%{name} herunterladen',
  download_certificate: 'Zertifikat herunterladen',
  bundle_readme: [
    'Client-Zertifikat des Gateways %{gateway_id}',
    '',
    'ca.pem                  die Plattform-CA: Damit vertraut das Gateway dem Broker',
    '%{gateway_id}.cert.pem  das Client-Zertifikat des Gateways (gültig bis %{expires_at})',
    '%{gateway_id}.key.pem   sein privater Schlüssel: geheim halten, er ist nirgends sonst gespeichert',
    '',
    'ChirpStack MQTT Forwarder (chirpstack-mqtt-forwarder.toml), Abschnitt [backend.mqtt]:',
    '  server="%{server}"',
    '  ca_cert="/etc/chirpstack-mqtt-forwarder/ca.pem"',
    '  tls_cert="/etc/chirpstack-mqtt-forwarder/%{gateway_id}.cert.pem"',
    '  tls_key="/etc/chirpstack-mqtt-forwarder/%{gateway_id}.key.pem"',
    '',
    'Kopieren Sie die drei Dateien in diesen Ordner und starten Sie den Forwarder neu; die Konsole zeigt das Gateway dann als verbunden.',
    'Ein neuer Download ersetzt dieses Zertifikat: Das alte funktioniert sofort nicht mehr.',
  ].join('\n'),
  reissue_title: 'Neues Zertifikat für %{name}?',
  reissue_content:
    'Ein neues Zertifikat mit Schlüssel wird ausgestellt und heruntergeladen; der Schlüssel wird nur dieses eine Mal angezeigt. Das Zertifikat, das das Gateway jetzt verwendet, wird sofort ungültig: Installieren Sie das neue auf dem Gateway.',
  waiting: 'Warten auf die Verbindung des Gateways…',
  complete: 'Einrichtung abgeschlossen: Das Gateway ist verbunden.',
  complete_network_server: 'Einrichtung abgeschlossen: Das Gateway ist verbunden und der Netzwerkserver hört es.',
  checks: { tls: 'Mit der Plattform verbunden (TLS)', network_server: 'Vom Netzwerkserver gesehen' },
  check_states: { done: 'Erledigt', waiting: 'Warten…', unavailable: 'Nicht prüfbar' },
  not_seen_yet:
    'Das Gateway ist verbunden, aber ChirpStack hat es noch nicht gehört. Prüfen Sie die Regionskonfiguration: den Kanalplan des Gateways und das Topic-Präfix des MQTT-Gateway-Backends von ChirpStack (README, „Connecting ChirpStack v4“).',
  network_unreachable: 'Der Netzwerkserver ist nicht erreichbar; ob er das Gateway hört, lässt sich daher nicht prüfen. Der Assistent fragt weiter nach.',
  expiring_soon: 'läuft bald ab',
  next: 'Weiter',
  back: 'Zurück',
  skip: 'Überspringen und schließen',
  close: 'Schließen',
} satisfies CatalogueOf<typeof englishGateways>;
