import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { NotificationsTable } from '../db/schema.js';
import type { Notification } from '../schemas/notifications.js';
import { listPage } from './list-page.js';
import { interpolate, NOTIFICATION_TEXTS, type MessageParams, type NotificationKind } from '../schemas/messages.js';
import { alertKindOf, DEFAULT_ALERT_CHANNEL, mailsAlert, showsAlert } from '../schemas/notification-preferences.js';
import { alertMailsRepository } from './alert-mails.js';
import { notificationPreferencesRepository } from './notification-preferences.js';

const toNotification = (row: NotificationsTable): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  kind: row.kind,
  params: row.params === null ? null : (JSON.parse(row.params) as MessageParams),
  is_read: row.is_read === 1,
  created_at: row.created_at,
});

/** What happened, once per dedupe key: the kind with its parameters, for one company's members. */
export interface NewNotification {
  kind: NotificationKind;
  params: MessageParams;
  /** One notification per occurrence: a second one with the same key is not created. */
  dedupeKey?: string | undefined;
  companyId?: string | undefined;
}

export function notificationsRepository(db: Db) {
  const preferences = notificationPreferencesRepository(db);
  const alertMails = alertMailsRepository(db);

  /**
   * Who sees a company's notification in the console and whom it is mailed to, by each user's
   * choice for its kind (no choice: the console only). Notifications of no company reach the console.
   */
  async function recipients(userIds: readonly string[], notification: NewNotification): Promise<{ inApp: string[]; mail: string[] }> {
    if (!notification.companyId) return { inApp: [...userIds], mail: [] };
    const chosen = await preferences.channelsOf(userIds, notification.companyId, alertKindOf(notification.kind));
    const channel = (userId: string) => chosen.get(userId) ?? DEFAULT_ALERT_CHANNEL;
    return { inApp: userIds.filter((userId) => showsAlert(channel(userId))), mail: userIds.filter((userId) => mailsAlert(channel(userId))) };
  }

  /** Notifies users (each once per dedupe key) in the console and by mail as each chose; returns how many were notified. */
  async function notify(userIds: readonly string[], notification: NewNotification, at: string): Promise<number> {
    if (userIds.length === 0) return 0;
    const { inApp, mail } = await recipients(userIds, notification);
    return (await notifyInApp(inApp, notification, at)) + (await alertMails.queue(mail, notification, at));
  }

  async function notifyInApp(userIds: readonly string[], notification: NewNotification, at: string): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows: NotificationsTable[] = userIds.map((userId) => ({
      id: randomUUID(),
      user_id: userId,
      company_id: notification.companyId ?? null,
      kind: notification.kind,
      title: interpolate(NOTIFICATION_TEXTS[notification.kind].title, notification.params),
      message: interpolate(NOTIFICATION_TEXTS[notification.kind].message, notification.params),
      params: JSON.stringify(notification.params),
      is_read: 0,
      dedupe_key: notification.dedupeKey ?? null,
      created_at: at,
    }));
    const result = await db
      .insertInto('notifications')
      .values(rows)
      .onConflict((c) => c.columns(['user_id', 'dedupe_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  return {
    async list(userId: string, options: { unreadOnly: boolean; limit: number; offset: number }) {
      let query = db.selectFrom('notifications').where('user_id', '=', userId);
      if (options.unreadOnly) query = query.where('is_read', '=', 0);
      return listPage(query, options, (q) => q.selectAll().orderBy('is_read').orderBy('created_at', 'desc').orderBy('id'), toNotification);
    },
    /** What the bell shows; the index on (user_id, is_read) keeps it one lookup. */
    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    async find(userId: string, id: string): Promise<Notification | undefined> {
      const row = await db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return row ? toNotification(row) : undefined;
    },
    async markRead(userId: string, ids: readonly string[] | 'all', isRead: boolean): Promise<number> {
      let query = db
        .updateTable('notifications')
        .set({ is_read: isRead ? 1 : 0 })
        .where('user_id', '=', userId);
      if (ids !== 'all') {
        if (ids.length === 0) return 0;
        query = query.where('id', 'in', ids);
      }
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async remove(userId: string, id: string): Promise<void> {
      await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', '=', id).execute();
    },

    notify,

    /**
     * Notifies, folding repeats about the same subject: a user who already has a notification of
     * `notification.kind` or `grouped` about `subject` from within `windowMs` gets that one turned
     * into `grouped` with the number of occurrences, unread and newest again, instead of another
     * one (one "gateway flapping" instead of ten "disconnected"). The dedupe key still holds one
     * notification per occurrence. Returns how many users were notified or had theirs updated.
     */
    async notifyGrouped(
      userIds: readonly string[],
      notification: NewNotification & { subject: string; grouped: NotificationKind },
      at: string,
      windowMs: number,
    ): Promise<number> {
      // A mail goes out per outage; a burst of them leaves as one mail (the alert mailer groups what waits).
      const { inApp, mail } = await recipients(userIds, notification);
      const mailed = await alertMails.queue(mail, { ...notification, params: { ...notification.params, subject: notification.subject } }, at);
      userIds = inApp;
      if (notification.dedupeKey) {
        const seen = await db.selectFrom('notifications').select('user_id').where('dedupe_key', '=', notification.dedupeKey).execute();
        const done = new Set(seen.map((row) => row.user_id));
        userIds = userIds.filter((userId) => !done.has(userId));
      }
      if (userIds.length === 0) return mailed;
      const since = new Date(Date.parse(at) - windowMs).toISOString();
      // Only the user's few recent notifications of the two kinds are read; the subject is matched in their parameters.
      const recent = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', 'in', userIds)
        .where('kind', 'in', [notification.kind, notification.grouped])
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .execute();
      const earlier = new Map<string, NotificationsTable>();
      for (const row of recent) {
        const params = row.params === null ? {} : (JSON.parse(row.params) as MessageParams);
        if (params.subject === notification.subject && !earlier.has(row.user_id)) earlier.set(row.user_id, row);
      }
      const fresh = userIds.filter((userId) => !earlier.has(userId));
      const created = await notifyInApp(fresh, { ...notification, params: { ...notification.params, subject: notification.subject } }, at);
      for (const row of earlier.values()) {
        const previous = row.params === null ? {} : (JSON.parse(row.params) as MessageParams);
        const count = (typeof previous.count === 'number' ? previous.count : 1) + 1;
        const params: MessageParams = { ...notification.params, subject: notification.subject, count };
        const texts = NOTIFICATION_TEXTS[notification.grouped];
        await db
          .updateTable('notifications')
          .set({
            kind: notification.grouped,
            params: JSON.stringify(params),
            title: interpolate(texts.title, params),
            message: interpolate(texts.message, params),
            is_read: 0,
            created_at: at,
            dedupe_key: notification.dedupeKey ?? null,
          })
          .where('id', '=', row.id)
          .execute();
      }
      return created + earlier.size + mailed;
    },

    /** Lets the occurrence happen again (e.g. the battery was replaced, then ran low again). */
    async clearDedupe(dedupeKey: string): Promise<void> {
      await db.updateTable('notifications').set({ dedupe_key: null }).where('dedupe_key', '=', dedupeKey).execute();
      await alertMails.clearDedupe(dedupeKey);
    },

    async companyMemberIds(companyId: string): Promise<string[]> {
      const rows = await db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).execute();
      return rows.map((r) => r.user_id);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
