import type { CatalogueOf } from '../../en/console/types';
import type { bulkJobs as englishBulkJobs } from '../../en/console/bulk-jobs';

/** German texts of the device list's bulk operations. */
export const bulkJobs = {
  select_all: '%{smart_count} passendes Gerät auswählen |||| Alle %{smart_count} passenden Geräte auswählen',
  all_selected: '%{smart_count} passendes Gerät ausgewählt |||| Alle %{smart_count} passenden Geräte ausgewählt',
  select_all_more: 'Alle passenden Geräte auswählen (mehr als %{count})',
  counting: 'Passende Geräte werden gezählt…',
  count_failed: 'Die passenden Geräte konnten nicht gezählt werden. Grenzen Sie die Liste ein oder versuchen Sie es erneut.',
  delete: 'Löschen',
  move: 'In Einheit verschieben',
  profile: 'Profil ändern',
  move_title: '%{smart_count} Gerät in eine Einheit verschieben? |||| %{smart_count} Geräte in eine Einheit verschieben?',
  profile_title: 'Profil von %{smart_count} Gerät ändern? |||| Profil von %{smart_count} Geräten ändern?',
  unit: 'Einheit (leer: keine Einheit)',
  config: 'Geräteprofil',
  start: 'Starten',
  running: {
    delete: 'Geräte werden gelöscht …',
    move: 'Geräte werden verschoben …',
    profile: 'Profile werden geändert …',
  },
  progress: '%{done} von %{total} Geräten',
  cancel: 'Auftrag abbrechen',
  finished: {
    delete: '%{smart_count} Gerät gelöscht |||| %{smart_count} Geräte gelöscht',
    move: '%{smart_count} Gerät verschoben |||| %{smart_count} Geräte verschoben',
    profile: 'Profil bei %{smart_count} Gerät geändert |||| Profil bei %{smart_count} Geräten geändert',
  },
  cancelled: 'Auftrag nach %{smart_count} Gerät abgebrochen |||| Auftrag nach %{smart_count} Geräten abgebrochen',
  failed: 'Der Auftrag brach nach %{smart_count} Gerät mit einem Fehler ab |||| Der Auftrag brach nach %{smart_count} Geräten mit einem Fehler ab',
} satisfies CatalogueOf<typeof englishBulkJobs>;
