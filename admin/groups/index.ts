import Workspaces from '@mui/icons-material/Workspaces';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const groups = {
  list: lazyNamed(() => import('./GroupList'), 'GroupList'),
  icon: Workspaces,
  recordRepresentation: 'name',
};
