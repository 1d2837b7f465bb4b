import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MailOutboxTable } from '../db/schema.js';
import type { MailContent } from '../mail/render.js';
import { timeOrderedId } from './time-ordered-id.js';

export type MailRow = Selectable<MailOutboxTable>;

/** A message to send: to whom, in which language, and what it says. */
export interface OutgoingMail {
  recipient: string;
  language: string;
  content: MailContent;
}

/**
 * The mail outbox (migration 0026). `enqueue` runs in the transaction of the action that sends the
 * message, so a crash between the action and the send loses nothing; senders on any API node claim
 * due messages with a lease, and a node that dies mid-send leaves its claims to run out.
 */
export function mailOutboxRepository(db: Db) {
  return {
    async enqueue(mail: OutgoingMail, at: string): Promise<string> {
      const id = timeOrderedId(Date.parse(at));
      await db
        .insertInto('mail_outbox')
        .values({
          id,
          recipient: mail.recipient,
          language: mail.language,
          template: mail.content.template,
          params: JSON.stringify(mail.content.params),
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          created_at: at,
          sent_at: null,
        })
        .execute();
      return id;
    },

    /**
     * Takes up to `limit` due messages for `node` until `leaseUntil`, counting the attempt before
     * anything is sent. The outer condition is checked again on the row itself: of two nodes
     * claiming at once, PostgreSQL lets the second re-read the row the first claimed and skip it;
     * SQLite has one writer.
     */
    async claim(node: string, at: string, leaseUntil: string, limit: number): Promise<MailRow[]> {
      const due = db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .orderBy('id')
        .limit(limit);
      return db
        .updateTable('mail_outbox')
        .set((eb) => ({ claimed_by: node, claimed_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .returningAll()
        .execute();
    },

    /** Sent: done, unless the claim was lost meanwhile (then the node holding it decides). */
    async sent(row: MailRow, at: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: at, claimed_by: null, claimed_until: null, last_error: null })
        .where('id', '=', row.id)
        .where('claimed_by', '=', row.claimed_by)
        .execute();
    },

    /** Not sent: tried again at `nextAttemptAt`, or given up (`failed`) after the last attempt. */
    async notSent(row: MailRow, error: string, nextAttemptAt: string, failed: boolean): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: failed ? 'failed' : 'pending', next_attempt_at: nextAttemptAt, claimed_by: null, claimed_until: null, last_error: error.slice(0, 500) })
        .where('id', '=', row.id)
        .where('claimed_by', '=', row.claimed_by)
        .execute();
    },

    /** How many messages wait to be sent (health and tests). */
    async pendingCount(): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
