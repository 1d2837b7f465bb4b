import Domain from '@mui/icons-material/Domain';
import { lazyNamed } from '../common/lazy';

export const units = {
  list: lazyNamed(() => import('./UnitList'), 'UnitList'),
  create: lazyNamed(() => import('./UnitCreate'), 'UnitCreate'),
  edit: lazyNamed(() => import('./UnitEdit'), 'UnitEdit'),
  icon: Domain,
  recordRepresentation: 'name',
};
