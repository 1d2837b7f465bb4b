import BusinessIcon from '@mui/icons-material/Business';
import { lazyNamed } from '../common/lazy';

export const companies = {
  list: lazyNamed(() => import('./CompanyList'), 'CompanyList'),
  edit: lazyNamed(() => import('./CompanyEdit'), 'CompanyEdit'),
  create: lazyNamed(() => import('./CompanyCreate'), 'CompanyCreate'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
