import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyScreen } from '../common/lazy';

export const notifications = {
  list: lazyScreen(() => import('./NotificationList'), 'NotificationList'),
  icon: NotificationsIcon,
  recordRepresentation: 'title',
};
