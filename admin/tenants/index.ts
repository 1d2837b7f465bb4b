import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazyScreen } from '../common/lazy';

export const tenants = {
  list: lazyScreen(() => import('./TenantList'), 'TenantList'),
  edit: lazyScreen(() => import('./TenantEdit'), 'TenantEdit'),
  create: lazyScreen(() => import('./TenantCreate'), 'TenantCreate'),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
