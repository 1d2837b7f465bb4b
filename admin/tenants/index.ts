import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazyNamed } from '../common/lazy';

export const tenants = {
  list: lazyNamed(() => import('./TenantList'), 'TenantList'),
  edit: lazyNamed(() => import('./TenantEdit'), 'TenantEdit'),
  create: lazyNamed(() => import('./TenantCreate'), 'TenantCreate'),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
