import NotificationsIcon from '@mui/icons-material/Notifications';
import { lazyNamed } from '../common/lazy';

export const notifications = {
  list: lazyNamed(() => import('./NotificationList'), 'NotificationList'),
  icon: NotificationsIcon,
  recordRepresentation: 'title',
};
