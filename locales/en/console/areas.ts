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

/**
 * The screens' own texts under `app` (devices, gateways, rules, …), a chunk of their own: the
 * frame, the settings and the dashboard show none of them, so the console loads them with the
 * first screen that does (admin/providers/i18nProvider.ts `areaTexts`).
 */
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
};
