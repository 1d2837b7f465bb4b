import { Link } from 'react-router-dom';
import { Badge, IconButton } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useGetList, useTranslate } from 'react-admin';
import { useLive, useLiveFallbackInterval } from './LiveUpdates';

/**
 * The bar's bell (spec §2) with the number of unread notifications: the tab's live stream tells
 * the count as it changes; until it did (or while it is down) one small read (a page of one, only
 * its count is used) gives it, polled slowly only while the stream is down.
 */
export function NotificationBell() {
  const translate = useTranslate();
  const live = useLive();
  const fallback = useLiveFallbackInterval();
  const { total } = useGetList('notifications', { filter: { unread: true }, pagination: { page: 1, perPage: 1 } }, { refetchInterval: fallback });
  const unread = (live.state === 'open' ? live.unread : undefined) ?? total ?? 0;
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
