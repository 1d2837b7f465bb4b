import type { CatalogueOf } from '../../en/console/types';
import type { profiles as englishProfiles } from '../../en/console/profiles';

/** German texts of the device profile screens and the template store. */
export const profiles = {
  from_template: 'Aus einer Vorlage erstellen',
  codec_help:
    'JavaScript: decodeUplink({bytes, fPort, recvTime, variables}) mit Rückgabe {data, warnings, errors}, oder das ältere Decode(fPort, bytes, variables).',
  test_title: 'Testlauf',
  hex: 'Hex',
  base64: 'Base64',
  fport: 'fPort',
  encoding: 'Kodierung der Nutzdaten',
  payload: 'Nutzdaten',
  payload_invalid_hex: 'Geben Sie ganze Bytes hexadezimal ein, z. B. 01 A4 FF.',
  payload_invalid_base64: 'Das ist kein gültiges Base64.',
  run: 'Ausführen',
  decoded: 'Dekodierte Ausgabe',
  codec_failed: 'Der Codec ist fehlgeschlagen (%{kind}).',
  codec_kinds: {
    'output-too-large': 'Sein Ergebnis ist als JSON größer als 64 KiB; davon wird nichts gespeichert.',
  },
  recv_time: 'Empfangen am (recvTime)',
  recv_time_help: 'Leer: jetzt. ISO 8601 mit Zeitzone, z. B. 2026-11-22T12:00:00Z.',
  recv_time_invalid: 'Geben Sie Datum, Uhrzeit auf die Sekunde und Zeitzone ein, z. B. 2026-11-22T12:00:00Z.',
  console: 'Konsolenausgabe',
  console_truncated: 'Der Codec hat mehr ausgegeben, als ein Testlauf behält; der Rest wurde abgeschnitten.',
  decoder_precedence_help:
    'ChirpStack kann Uplinks mit einem eigenen Codec dekodieren und das Ergebnis mitschicken. Tut es das und hat dieses Profil auch einen Codec, stammen die Werte des Geräts von dem hier gewählten.',
  decoder_precedence: {
    network_server: 'Dekodierung des Netzwerkservers (ChirpStack)',
    profile_codec: 'Codec dieses Profils',
  },
  copy_to_company: 'In meine Firma kopieren',
  already_added: 'Bereits hinzugefügt',
  copied: 'Zu Ihren Geräteprofilen hinzugefügt.',
  samples: 'Beispiel-Uplinks',
  sample: 'fPort %{fPort}: %{bytes}',
  no_templates: 'Keine passenden Vorlagen.',
  uplink_interval_help: 'Wie oft die Geräte üblicherweise senden. Der Netzwerkserver betrachtet ein Gerät als inaktiv, wenn es länger schweigt.',
  uplink_interval_invalid: 'Geben Sie eine ganze Zahl von Sekunden ein, mindestens 1.',
  reg_params_help: 'Wie im Datenblatt des Geräts angegeben: Geräte mit LoRaWAN 1.0.3 nutzen A, Geräte mit LoRaWAN 1.0.4 eine RP002-Revision.',
  regions: {
    EU868: 'Europa, 863–870 MHz',
    US915: 'USA, 902–928 MHz',
    CN779: 'China, 779–787 MHz',
    EU433: 'Europa, 433 MHz',
    AU915: 'Australien, 915–928 MHz',
    CN470: 'China, 470–510 MHz',
    AS923: 'Asien, 923 MHz, Gruppe 1',
    AS923_2: 'Asien, 923 MHz, Gruppe 2',
    AS923_3: 'Asien, 923 MHz, Gruppe 3',
    AS923_4: 'Asien, 923 MHz, Gruppe 4',
    KR920: 'Südkorea, 920–923 MHz',
    IN865: 'Indien, 865–867 MHz',
    RU864: 'Russland, 864–870 MHz',
    ISM2400: 'Weltweit, 2,4 GHz',
  },
} satisfies CatalogueOf<typeof englishProfiles>;
