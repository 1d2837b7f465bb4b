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
  reconcile: {
    title: 'Mit dem Netzwerkserver abgleichen',
    open: 'Mit dem Netzwerkserver abgleichen',
    open_help: 'Geräte, Profile und Gateways der ausgewählten Firma mit dem Netzwerkserver vergleichen und Unterschiede beheben.',
    intro: 'Vergleicht die Geräte, Profile und Gateways von %{company} mit dem Stand des Netzwerkservers.',
    no_company: 'Legen Sie eine Firma an oder wählen Sie eine aus, um sie abzugleichen.',
    loading: 'Vergleich mit dem Netzwerkserver läuft…',
    agrees: 'Alles stimmt überein: Der Netzwerkserver hat denselben Stand wie diese Plattform.',
    differences: 'Unterschiede',
    columns: { kind: 'Art', name: 'Name', key: 'ID (DevEUI / Gateway-ID)', problem: 'Problem' },
    select_all: 'Alle auswählen',
    select: '%{name} auswählen',
    kinds: { device: 'Gerät', profile: 'Geräteprofil', gateway: 'Gateway' },
    problems: {
      missing_there: 'Fehlt im Netzwerkserver',
      missing_here: 'Nur im Netzwerkserver – in diese Firma übernehmen',
      missing_here_profile: 'Nur im Netzwerkserver – Profile können nicht übernommen werden',
      keys_differ: 'Schlüssel weichen ab – die Schlüssel dieser Plattform werden gesendet',
      profile_differs: 'Geräteprofil weicht ab – das Profil dieser Plattform wird gesetzt',
    },
    fix: 'Auswahl beheben (%{smart_count})',
    check_again: 'Erneut prüfen',
    confirm_title: '%{smart_count} Unterschied beheben? |||| %{smart_count} Unterschiede beheben?',
    confirm_push:
      '%{smart_count} Eintrag wird erneut an den Netzwerkserver gesendet; der Stand dieser Plattform ersetzt den des Netzwerkservers. |||| %{smart_count} Einträge werden erneut an den Netzwerkserver gesendet; der Stand dieser Plattform ersetzt den des Netzwerkservers.',
    confirm_adopt:
      '%{smart_count} Eintrag, den es nur im Netzwerkserver gibt, wird in %{company} übernommen. |||| %{smart_count} Einträge, die es nur im Netzwerkserver gibt, werden in %{company} übernommen.',
    confirm_background:
      'Es wird nichts gelöscht. Der Netzwerkserver erhält die Änderungen innerhalb von Sekunden; jeder Eintrag zeigt seinen Synchronisationsstand.',
    confirm: 'Beheben',
    result: '%{fixed} behoben, %{skipped} übersprungen',
    result_gone: '%{smart_count} wich nicht mehr ab. |||| %{smart_count} wichen nicht mehr ab.',
    result_background: 'Die Korrekturen gehen innerhalb von Sekunden an den Netzwerkserver; prüfen Sie erneut, um zu sehen, was bleibt.',
    skipped: 'Übersprungen',
    skip_reasons: {
      profile: 'Profile, die es nur im Netzwerkserver gibt, können nicht übernommen werden: Er hat ihren Codec nicht.',
      no_keys: 'Der Netzwerkserver hat keine Schlüssel für dieses Gerät geliefert, daher kann es nicht übernommen werden.',
      other: 'Es konnte nicht behoben werden.',
    },
    errors: {
      forbidden: 'Nur Inhaber der Firma können sie mit dem Netzwerkserver abgleichen.',
      no_network_server: 'Es ist kein Netzwerkserver angebunden (eigenständiger Betrieb), daher gibt es nichts abzugleichen.',
      unreachable: 'Der Netzwerkserver ist nicht erreichbar. Versuchen Sie es gleich noch einmal.',
      refused: 'Der Netzwerkserver hat die Anfrage abgelehnt.',
    },
  },
} satisfies CatalogueOf<typeof englishNetwork>;
