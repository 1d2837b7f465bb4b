import Router from '@mui/icons-material/Router';
import { lazyScreen } from '../common/lazy';

/** Gateways are registered through the setup wizard the list opens (it also issues the certificate), so there is no create form. */
export const gateways = {
  list: lazyScreen(() => import('./GatewayList'), 'GatewayList'),
  show: lazyScreen(() => import('./show/GatewayShow'), 'GatewayShow'),
  icon: Router,
  recordRepresentation: 'name',
};
