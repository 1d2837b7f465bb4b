import type { CatalogueOf } from '../../en/console/types';
import type { network as englishNetwork } from '../../en/console/network';

/** German texts of the network-server link. */
export const network = {
  title: 'Netzwerkserver',
  states: { synced: 'Synchron', pending: 'Ausstehend', failed: 'Fehlgeschlagen' },
  chip_label: 'Netzwerkserver: %{state}',
  state_help: {
    synced: 'Der Netzwerkserver hat den aktuellen Stand.',
    pending: 'Die Änderung wartet darauf, an den Netzwerkserver gesendet zu werden.',
    failed: 'Der Netzwerkserver hat die Änderung nicht übernommen.',
  },
  since: 'Seit %{time}',
  server_says: 'Meldung des Netzwerkservers: %{message}',
  retry: 'Jetzt erneut versuchen',
  info: {
    mode: 'Betriebsart',
    modes: { standalone: 'Eigenständig', chirpstack: 'ChirpStack' },
    standalone_help: 'Gerätedaten kommen über die Ingest-API; in einem Netzwerkserver wird nichts angelegt.',
    pending: 'Wartende Änderungen',
    failed: 'Fehlgeschlagene Änderungen',
    mqtt: 'MQTT-Verbindung dieses Servers',
    mqtt_states: { connecting: 'Verbindet', connected: 'Verbunden', reconnecting: 'Verbindet erneut', stopped: 'Beendet' },
    mqtt_since: 'Seit %{time}',
    mqtt_help: 'Ereignisse vom Broker des Netzwerkservers (MQTT_URL). Solange die Verbindung fehlt, hält der Broker sie für diesen Server bereit.',
    mqtt_last_error: 'Letztes MQTT-Problem',
    mqtt_error_at: 'Am %{time}',
    load_failed: 'Der Status des Netzwerkservers konnte nicht geladen werden.',
  },
} satisfies CatalogueOf<typeof englishNetwork>;
