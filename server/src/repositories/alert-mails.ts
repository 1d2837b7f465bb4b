import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AlertMailsTable } from '../db/schema.js';
import { DEFAULT_ALERT_MAIL_SETTINGS, type AlertMailMode } from '../schemas/notification-preferences.js';
import type { MessageParams, NotificationKind } from '../schemas/messages.js';
import { timeOrderedId } from './time-ordered-id.js';

export type AlertMailRow = Selectable<AlertMailsTable>;

/** A user with alerts waiting to be mailed: how their mails leave, and since when the oldest waits. */
export interface WaitingAlerts {
  userId: string;
  mode: AlertMailMode;
  digestHour: number;
  oldest: string;
  newest: string;
}

/**
 * Alerts waiting to be mailed (migration 0031). `queue` runs with the notification; the alert
 * mailer (mail/alert-mailer.ts) claims a user's waiting alerts in the transaction that queues
 * their mail, so the claim and the mail commit together or not at all.
 */
export function alertMailsRepository(db: Db) {
  return {
    /** Queues the alert for each user, once per dedupe key; returns how many were queued. */
    async queue(
      userIds: readonly string[],
      alert: { kind: NotificationKind; params: MessageParams; companyId?: string | undefined; dedupeKey?: string | undefined },
      at: string,
    ): Promise<number> {
      if (userIds.length === 0) return 0;
      const result = await db
        .insertInto('alert_mails')
        .values(
          userIds.map((userId) => ({
            id: timeOrderedId(Date.parse(at)),
            user_id: userId,
            company_id: alert.companyId ?? null,
            kind: alert.kind,
            params: JSON.stringify(alert.params),
            dedupe_key: alert.dedupeKey ?? null,
            created_at: at,
            mailed_at: null,
          })),
        )
        .onConflict((c) => c.columns(['user_id', 'dedupe_key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Lets the occurrence be mailed again (notifications' clearDedupe). */
    async clearDedupe(dedupeKey: string): Promise<void> {
      await db.updateTable('alert_mails').set({ dedupe_key: null }).where('dedupe_key', '=', dedupeKey).execute();
    },

    /** Every user with alerts waiting, one row each. */
    async waiting(): Promise<WaitingAlerts[]> {
      const rows = await db
        .selectFrom('alert_mails')
        .leftJoin('alert_mail_settings', 'alert_mail_settings.user_id', 'alert_mails.user_id')
        .select((eb) => [
          'alert_mails.user_id',
          'alert_mail_settings.mode',
          'alert_mail_settings.digest_hour',
          eb.fn.min('alert_mails.created_at').as('oldest'),
          eb.fn.max('alert_mails.created_at').as('newest'),
        ])
        .where('alert_mails.mailed_at', 'is', null)
        .groupBy(['alert_mails.user_id', 'alert_mail_settings.mode', 'alert_mail_settings.digest_hour'])
        .execute();
      return rows.map((row) => ({
        userId: row.user_id,
        mode: row.mode ?? DEFAULT_ALERT_MAIL_SETTINGS.mode,
        digestHour: row.digest_hour ?? DEFAULT_ALERT_MAIL_SETTINGS.digest_hour,
        oldest: String(row.oldest),
        newest: String(row.newest),
      }));
    },

    /**
     * Marks the user's alerts raised up to `cutoff` as mailed and returns them, oldest first. The
     * condition is checked on each row again: of two nodes claiming at once, PostgreSQL makes the
     * second wait for the first's commit and then skip what it stamped; SQLite has one writer.
     */
    async claim(userId: string, cutoff: string, at: string): Promise<AlertMailRow[]> {
      const rows = await db
        .updateTable('alert_mails')
        .set({ mailed_at: at })
        .where('user_id', '=', userId)
        .where('mailed_at', 'is', null)
        .where('created_at', '<=', cutoff)
        .returningAll()
        .execute();
      return rows.sort((a, b) => a.id.localeCompare(b.id));
    },

    async companyNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type AlertMailsRepository = ReturnType<typeof alertMailsRepository>;
