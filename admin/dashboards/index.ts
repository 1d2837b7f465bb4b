import DashboardIcon from '@mui/icons-material/Dashboard';
import { lazyNamed } from '../common/lazy';

/** The route of spec §2 is /dashboard (singular); the data resource is `dashboards`. */
export const DASHBOARD_PATH = '/dashboard';

// The grid and the widgets load with the dashboard route only; charts load later still.
export const DashboardPage = lazyNamed(() => import('./DashboardPage'), 'DashboardPage');

export const dashboards = {
  icon: DashboardIcon,
  recordRepresentation: 'name',
};
