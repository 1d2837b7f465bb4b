import Sensors from '@mui/icons-material/Sensors';
import { lazyNamed } from '../common/lazy';

export const devices = {
  list: lazyNamed(() => import('./DeviceList'), 'DeviceList'),
  create: lazyNamed(() => import('./DeviceCreate'), 'DeviceCreate'),
  edit: lazyNamed(() => import('./DeviceEdit'), 'DeviceEdit'),
  show: lazyNamed(() => import('./show/DeviceShow'), 'DeviceShow'),
  icon: Sensors,
  recordRepresentation: 'name',
};
