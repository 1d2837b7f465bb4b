import Router from '@mui/icons-material/Router';
import { lazyNamed } from '../common/lazy';

/** Issue #5/#6 add the forms and detail screens; the list is real and honours ?filters=. */
export const gateways = {
  list: lazyNamed(() => import('./GatewayList'), 'GatewayList'),
  icon: Router,
  recordRepresentation: 'name',
};
