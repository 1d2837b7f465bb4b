import type { CatalogueOf } from '../../en/console/types';
import type { units as englishUnits } from '../../en/console/units';

/** German texts of the unit screens. */
export const units = {
  create_group: 'Gruppe „%{item}“ anlegen',
  add_device: 'Gerät hinzufügen',
  remove_device: 'Aus der Einheit entfernen',
  no_devices: 'Noch keine Geräte in dieser Einheit.',
} satisfies CatalogueOf<typeof englishUnits>;
