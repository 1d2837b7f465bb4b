import Sensors from '@mui/icons-material/Sensors';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const devices = {
  list: lazyNamed(() => import('./DeviceList'), 'DeviceList'),
  icon: Sensors,
  recordRepresentation: 'name',
};
