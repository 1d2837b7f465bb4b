import type { CatalogueOf } from '../../en/console/types';
import type { filters as englishFilters } from '../../en/console/filters';

/** German texts of the column filter dialog. */
export const filters = {
  title: 'Nach %{column} filtern',
  search: 'Optionen durchsuchen',
  all: 'Alle',
  show_all: 'Alle anzeigen',
  count: '%{smart_count} Eintrag |||| %{smart_count} Einträge',
  none: 'Keine Optionen',
  active: 'gefiltert',
  error: 'Filteroptionen konnten nicht geladen werden',
} satisfies CatalogueOf<typeof englishFilters>;
