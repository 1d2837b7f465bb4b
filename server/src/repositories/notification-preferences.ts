import type { Db } from '../db/database.js';
import {
  ALERT_KINDS,
  DEFAULT_ALERT_CHANNEL,
  DEFAULT_ALERT_MAIL_SETTINGS,
  type AlertChannel,
  type AlertKind,
  type NotificationPreferences,
  type NotificationPreferencesChange,
} from '../schemas/notification-preferences.js';

/** What an unsubscribe link turns off: one company's kind, or (a digest's link) every alert mail of the user. */
export interface UnsubscribeScope {
  userId: string;
  companyId?: string | undefined;
  kind?: AlertKind | undefined;
}

/** Users' choices of how alerts reach them (migration 0031). */
export function notificationPreferencesRepository(db: Db) {
  async function mailSettings(userId: string): Promise<{ mode: NotificationPreferences['email_mode']; digest_hour: number }> {
    const row = await db.selectFrom('alert_mail_settings').select(['mode', 'digest_hour']).where('user_id', '=', userId).executeTakeFirst();
    return row ?? DEFAULT_ALERT_MAIL_SETTINGS;
  }

  return {
    async get(userId: string, companyId: string): Promise<NotificationPreferences> {
      const rows = await db
        .selectFrom('notification_preferences')
        .select(['kind', 'channel'])
        .where('user_id', '=', userId)
        .where('company_id', '=', companyId)
        .execute();
      const stored = new Map(rows.map((row) => [row.kind, row.channel]));
      const channels = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, stored.get(kind) ?? DEFAULT_ALERT_CHANNEL])) as Record<AlertKind, AlertChannel>;
      const settings = await mailSettings(userId);
      return { company_id: companyId, email_mode: settings.mode, digest_hour: settings.digest_hour, channels };
    },

    async update(userId: string, change: NotificationPreferencesChange): Promise<void> {
      for (const [kind, channel] of Object.entries(change.channels ?? {})) {
        await db
          .insertInto('notification_preferences')
          .values({ user_id: userId, company_id: change.company_id, kind, channel })
          .onConflict((c) => c.columns(['user_id', 'company_id', 'kind']).doUpdateSet({ channel }))
          .execute();
      }
      if (change.email_mode === undefined && change.digest_hour === undefined) return;
      const current = await mailSettings(userId);
      const next = { mode: change.email_mode ?? current.mode, digest_hour: change.digest_hour ?? current.digest_hour };
      await db
        .insertInto('alert_mail_settings')
        .values({ user_id: userId, ...next })
        .onConflict((c) => c.column('user_id').doUpdateSet(next))
        .execute();
    },

    /** The stored channels of `userIds` for one company's `kind` (users without a choice are absent). */
    async channelsOf(userIds: readonly string[], companyId: string, kind: AlertKind): Promise<Map<string, AlertChannel>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('notification_preferences')
        .select(['user_id', 'channel'])
        .where('company_id', '=', companyId)
        .where('kind', '=', kind)
        .where('user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.channel]));
    },

    /** Stops the mails the scope covers and keeps the console's notifications as they were; returns how many choices changed. */
    async unsubscribe(scope: UnsubscribeScope): Promise<number> {
      let changed = 0;
      for (const [from, to] of [
        ['email', 'none'],
        ['both', 'in_app'],
      ] as const) {
        let query = db.updateTable('notification_preferences').set({ channel: to }).where('user_id', '=', scope.userId).where('channel', '=', from);
        if (scope.companyId) query = query.where('company_id', '=', scope.companyId);
        if (scope.kind) query = query.where('kind', '=', scope.kind);
        changed += Number((await query.executeTakeFirst()).numUpdatedRows);
      }
      return changed;
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<typeof notificationPreferencesRepository>;
