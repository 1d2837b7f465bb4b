import BusinessIcon from '@mui/icons-material/Business';
import { lazyScreen } from '../common/lazy';

export const companies = {
  list: lazyScreen(() => import('./CompanyList'), 'CompanyList'),
  edit: lazyScreen(() => import('./CompanyEdit'), 'CompanyEdit'),
  create: lazyScreen(() => import('./CompanyCreate'), 'CompanyCreate'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
