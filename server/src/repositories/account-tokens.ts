import type { Db } from '../db/database.js';
import type { AccountTokenPurpose } from '../db/schema.js';

/** One-use tokens sent by mail (migration 0026): only their hashes are stored. */
export function accountTokensRepository(db: Db) {
  return {
    async issue(purpose: AccountTokenPurpose, tokenHash: string, user: { id: string; email: string }, expiresAt: string, at: string): Promise<void> {
      await db
        .insertInto('account_tokens')
        .values({ token_hash: tokenHash, purpose, user_id: user.id, email: user.email, expires_at: expiresAt, used_at: null, created_at: at })
        .execute();
    },

    /**
     * Uses a token once: one statement marks it used only if it is unused and unexpired, so of two
     * requests with the same token one wins. Returns whose it was, or undefined.
     */
    async consume(purpose: AccountTokenPurpose, tokenHash: string, at: string): Promise<{ user_id: string; email: string } | undefined> {
      return db
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning(['user_id', 'email'])
        .executeTakeFirst();
    },

    /** The newest token of this purpose that still works: for `email_change`, the pending new address. */
    async current(purpose: AccountTokenPurpose, userId: string, at: string): Promise<{ email: string; expires_at: string } | undefined> {
      return db
        .selectFrom('account_tokens')
        .select(['email', 'expires_at'])
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /** The user's other tokens of this purpose stop working (a reset done, an address verified). */
    async retire(purpose: AccountTokenPurpose, userId: string, at: string): Promise<void> {
      await db
        .updateTable('account_tokens')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type AccountTokensRepository = ReturnType<typeof accountTokensRepository>;
