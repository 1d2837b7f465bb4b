import type { CatalogueOf } from '../../en/console/types';
import type { areas as englishAreas } from '../../en/console/areas';
import { audit } from './audit';
import { devices } from './devices';
import { filters } from './filters';
import { gateways } from './gateways';
import { importTexts } from './import';
import { network } from './network';
import { operations } from './operations';
import { profiles } from './profiles';
import { units } from './units';
import { usage } from './usage';
import { webhooks } from './webhooks';
import { rules } from './rules';

/** German texts of the screens' areas (see the English file). */
export const areas = {
  audit,
  devices,
  filters,
  gateways,
  import: importTexts,
  network,
  operations,
  profiles,
  units,
  usage,
  webhooks,
  rules,
} satisfies CatalogueOf<typeof englishAreas>;
