import type { Db } from '../db/database.js';
import type { SessionsTable } from '../db/schema.js';

export type SessionRow = SessionsTable;

export function sessionsRepository(db: Db) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },
    async find(handle: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('handle', '=', handle).executeTakeFirst();
    },
    /**
     * Moves the session to a new refresh token only if it still holds the one the caller saw,
     * so two concurrent refreshes cannot both win.
     */
    async rotate(handle: string, seenHash: string, next: { refresh_hash: string; parent_refresh_hash: string | null; expires_at: string }) {
      const result = await db
        .updateTable('sessions')
        .set(next)
        .where('handle', '=', handle)
        .where('refresh_hash', '=', seenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async confirmChild(handle: string): Promise<void> {
      await db.updateTable('sessions').set({ parent_refresh_hash: null }).where('handle', '=', handle).execute();
    },
    /** Ends every session of the user (a password reset): their next request is unauthorised. */
    async revokeAllOf(userId: string, at: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
    async revoke(handle: string, at: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: at }).where('handle', '=', handle).where('revoked_at', 'is', null).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
