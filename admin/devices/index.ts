import Sensors from '@mui/icons-material/Sensors';
import { lazyScreen } from '../common/lazy';

export const devices = {
  list: lazyScreen(() => import('./DeviceList'), 'DeviceList'),
  create: lazyScreen(() => import('./DeviceCreate'), 'DeviceCreate'),
  edit: lazyScreen(() => import('./DeviceEdit'), 'DeviceEdit'),
  show: lazyScreen(() => import('./show/DeviceShow'), 'DeviceShow'),
  icon: Sensors,
  recordRepresentation: 'name',
};
