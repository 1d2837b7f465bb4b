import Tune from '@mui/icons-material/Tune';
import { lazyNamed } from '../common/lazy';

export const profiles = {
  list: lazyNamed(() => import('./ProfileList'), 'ProfileList'),
  create: lazyNamed(() => import('./ProfileCreate'), 'ProfileCreate'),
  edit: lazyNamed(() => import('./ProfileEdit'), 'ProfileEdit'),
  icon: Tune,
  recordRepresentation: 'name',
};
