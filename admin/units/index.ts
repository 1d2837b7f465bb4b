import Domain from '@mui/icons-material/Domain';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const units = {
  list: lazyNamed(() => import('./UnitList'), 'UnitList'),
  icon: Domain,
  recordRepresentation: 'name',
};
