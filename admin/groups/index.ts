import Workspaces from '@mui/icons-material/Workspaces';
import { lazyNamed } from '../common/lazy';

export const groups = {
  list: lazyNamed(() => import('./GroupList'), 'GroupList'),
  create: lazyNamed(() => import('./GroupCreate'), 'GroupCreate'),
  edit: lazyNamed(() => import('./GroupEdit'), 'GroupEdit'),
  icon: Workspaces,
  recordRepresentation: 'name',
};
