import Workspaces from '@mui/icons-material/Workspaces';
import { lazyScreen } from '../common/lazy';

export const groups = {
  list: lazyScreen(() => import('./GroupList'), 'GroupList'),
  create: lazyScreen(() => import('./GroupCreate'), 'GroupCreate'),
  edit: lazyScreen(() => import('./GroupEdit'), 'GroupEdit'),
  icon: Workspaces,
  recordRepresentation: 'name',
};
