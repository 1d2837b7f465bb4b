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
  copy_to_company: 'In meine Firma kopieren',
  already_added: 'Bereits hinzugefügt',
  copied: 'Zu Ihren Geräteprofilen hinzugefügt.',
  samples: 'Beispiel-Uplinks',
  sample: 'fPort %{fPort}: %{bytes}',
  no_templates: 'Keine passenden Vorlagen.',
} satisfies CatalogueOf<typeof englishProfiles>;
