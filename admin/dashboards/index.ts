import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazyNamed } from '../common/lazy';

/** The route of spec §2 is /dashboard (singular); the data resource is `dashboards`. */
export const DASHBOARD_PATH = '/dashboard';

export const DashboardPage = lazyNamed(() => import('./DashboardList'), 'DashboardList');

export const dashboards = {
  icon: DashboardIcon,
  recordRepresentation: 'name',
};
