import Domain from '@mui/icons-material/Domain';
import { lazyScreen } from '../common/lazy';

export const units = {
  list: lazyScreen(() => import('./UnitList'), 'UnitList'),
  create: lazyScreen(() => import('./UnitCreate'), 'UnitCreate'),
  edit: lazyScreen(() => import('./UnitEdit'), 'UnitEdit'),
  icon: Domain,
  recordRepresentation: 'name',
};
