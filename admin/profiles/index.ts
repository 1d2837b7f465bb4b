import Tune from '@mui/icons-material/Tune';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const profiles = {
  list: lazyNamed(() => import('./ProfileList'), 'ProfileList'),
  icon: Tune,
  recordRepresentation: 'name',
};
