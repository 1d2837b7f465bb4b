import Router from '@mui/icons-material/Router';
import { lazyNamed } from '../common/lazy';

/** Gateways are registered through the setup wizard the list opens (it also issues the certificate), so there is no create form. */
export const gateways = {
  list: lazyNamed(() => import('./GatewayList'), 'GatewayList'),
  show: lazyNamed(() => import('./show/GatewayShow'), 'GatewayShow'),
  icon: Router,
  recordRepresentation: 'name',
};
