import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import type { User } from '../schemas/users.js';
import { appendAudit, audited, inTransaction, memberCompanies } from './audited.js';

export interface UserChanges {
  first_name?: string;
  last_name?: string;
  profile_picture?: string | null;
  is_tenant_enabled?: boolean;
  is_onboarded?: boolean;
  language?: string;
}

/** The user as the API shows it; whether they are an operator is the caller's to say (repositories/operators.ts). */
export function toUser(row: UsersTable, isOperator: boolean): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    emails: [row.email],
    profile_picture: row.profile_picture,
    is_tenant_enabled: row.is_tenant_enabled === 1,
    is_onboarded: row.is_onboarded === 1,
    language: row.language,
    is_operator: isOperator,
  };
}

/** Emails are compared case-insensitively: stored trimmed and lower-case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function usersRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<UsersTable | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
    },
    async findById(id: string): Promise<UsersTable | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Returns undefined when the email is taken (unique constraint), so races cannot create twins. */
    async create(email: string, passwordHash: string, createdAt: string): Promise<UsersTable | undefined> {
      const row: UsersTable = {
        id: randomUUID(),
        email: normaliseEmail(email),
        password_hash: passwordHash,
        first_name: '',
        last_name: '',
        profile_picture: null,
        is_tenant_enabled: 0,
        is_onboarded: 0,
        language: 'en',
        created_at: createdAt,
        email_verified: 0,
      };
      const inserted = await db
        .insertInto('users')
        .values(row)
        .onConflict((c) => c.column('email').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? row : undefined;
    },
    async update(id: string, changes: UserChanges): Promise<UsersTable | undefined> {
      const set: Partial<UsersTable> = {};
      if (changes.first_name !== undefined) set.first_name = changes.first_name.trim();
      if (changes.last_name !== undefined) set.last_name = changes.last_name.trim();
      if (changes.profile_picture !== undefined) set.profile_picture = changes.profile_picture;
      if (changes.is_tenant_enabled !== undefined) set.is_tenant_enabled = changes.is_tenant_enabled ? 1 : 0;
      if (changes.is_onboarded !== undefined) set.is_onboarded = changes.is_onboarded ? 1 : 0;
      if (changes.language !== undefined) set.language = changes.language;
      if (Object.keys(set).length > 0)
        await audited(db, { action: 'update', resource: 'user', id }, (trx) => trx.updateTable('users').set(set).where('id', '=', id).execute());
      return this.findById(id);
    },
    /** A sign-in, as an entry in the audit log of each company the user is a member of. */
    async recordSignIn(id: string, address: string): Promise<void> {
      await inTransaction(db, async (trx) =>
        appendAudit(trx, { companyIds: await memberCompanies(trx, id), action: 'sign_in', resource: 'user', resourceId: id, actor: { userId: id, address } }),
      );
    },
    /** A new password (reset by mail); the caller ends the user's sessions in the same transaction. */
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await audited(db, { action: 'update', resource: 'user', id }, (trx) =>
        trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute(),
      );
    },
    /** The address is proven only while it is still the user's (it may have changed since the mail). */
    async markVerified(id: string, email: string): Promise<boolean> {
      const result = await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', id).where('email', '=', email).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * Switches the account to a proven new address (the change link was followed): the address is
     * verified by that very link. False when another account took the address meanwhile.
     */
    async changeEmail(id: string, email: string): Promise<boolean> {
      const address = normaliseEmail(email);
      return audited(db, { action: 'update', resource: 'user', id }, async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ email: address, email_verified: 1 })
          .where('id', '=', id)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('users as other').select('other.id').where('other.email', '=', address))))
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },
    /** A user is visible to another only when both belong to at least one common company. */
    async findSharingCompany(viewerId: string, userId: string): Promise<UsersTable | undefined> {
      return db
        .selectFrom('users')
        .selectAll('users')
        .where('users.id', '=', userId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('company_members as theirs')
              .innerJoin('company_members as mine', 'mine.company_id', 'theirs.company_id')
              .select('theirs.user_id')
              .where('theirs.user_id', '=', userId)
              .where('mine.user_id', '=', viewerId),
          ),
        )
        .executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
