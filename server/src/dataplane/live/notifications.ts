import type { NotificationsRepository } from '../../repositories/notifications.js';
import type { LiveBus } from './bus.js';

/**
 * The notifications repository of the app's context, telling the live streams whose unread count
 * changed: every writer that goes through the context (ingest, broker presence, sync and downlink
 * workers, maintenance, the notification routes) announces without knowing about the streams.
 */
export function announcingNotifications(repository: NotificationsRepository, bus: LiveBus): NotificationsRepository {
  return {
    ...repository,
    async notify(userIds, notification, at) {
      const count = await repository.notify(userIds, notification, at);
      if (count > 0) bus.inbox(userIds);
      return count;
    },
    async notifyGrouped(userIds, notification, at, windowMs) {
      const count = await repository.notifyGrouped(userIds, notification, at, windowMs);
      if (count > 0) bus.inbox(userIds);
      return count;
    },
    async markRead(userId, ids, isRead) {
      const count = await repository.markRead(userId, ids, isRead);
      if (count > 0) bus.inbox([userId]);
      return count;
    },
    async remove(userId, id) {
      await repository.remove(userId, id);
      bus.inbox([userId]);
    },
  };
}
