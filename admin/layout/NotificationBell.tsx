import { Link } from 'react-router-dom';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useGetList, useTranslate } from 'react-admin';
import { LIVE_REFRESH_MS } from '../common/useLiveQuery';

/**
 * The bar's bell (spec §2) with the number of unread notifications, kept current by the shared
 * live refresh: one small read (a page of one, only its count is used) per tab, paused while hidden.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const { total } = useGetList('notifications', { filter: { unread: true }, pagination: { page: 1, perPage: 1 } }, { refetchInterval: LIVE_REFRESH_MS });
  const unread = total ?? 0;
  return (
    <IconButton
      color="inherit"
      component={Link}
      to="/notifications"
      aria-label={unread > 0 ? translate('app.nav.notifications_unread', { smart_count: unread }) : translate('app.nav.notifications')}
    >
      <Badge badgeContent={unread} color="error" max={99}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
