import Tune from '@mui/icons-material/Tune';
import { lazyScreen } from '../common/lazy';

export const profiles = {
  list: lazyScreen(() => import('./ProfileList'), 'ProfileList'),
  create: lazyScreen(() => import('./ProfileCreate'), 'ProfileCreate'),
  edit: lazyScreen(() => import('./ProfileEdit'), 'ProfileEdit'),
  icon: Tune,
  recordRepresentation: 'name',
};
