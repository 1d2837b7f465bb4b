import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { InvitesTable } from '../db/schema.js';
import { normaliseEmail } from './users.js';
import type { Invite } from '../schemas/invites.js';
import { listPage } from './list-page.js';
import { appendAudit, audited, membershipEntry } from './audited.js';

// No 0/O, 1/I/L: codes are read aloud and typed by hand.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 12 random symbols of 31 (~59 bits), grouped as XXXX-XXXX-XXXX. */
export function newInviteCode(): string {
  const symbols = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8].map((start) => symbols.slice(start, start + 4).join('')).join('-');
}

/** Codes are accepted in any case and with or without dashes or spaces. */
export function normaliseCode(text: string): string {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 12 ? `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}` : compact;
}

const toInvite = (row: InvitesTable): Invite => ({
  id: row.id,
  company_id: row.company_id,
  email: row.email,
  code: row.code,
  sent_at: row.created_at,
});

export function invitesRepository(db: Db) {
  const pendingOfMyCompanies = (userId: string) =>
    db
      .selectFrom('invites')
      .innerJoin('company_members', (join) => join.onRef('company_members.company_id', '=', 'invites.company_id').on('company_members.user_id', '=', userId))
      .where('invites.used_at', 'is', null);

  return {
    async list(userId: string, options: { companyId?: string | undefined; limit: number; offset: number }) {
      let query = pendingOfMyCompanies(userId);
      if (options.companyId) query = query.where('invites.company_id', '=', options.companyId);
      return listPage(query, options, (q) => q.selectAll('invites').orderBy('invites.created_at', 'desc').orderBy('invites.id'), toInvite);
    },

    async pendingForCompany(companyId: string): Promise<Invite[]> {
      const rows = await db
        .selectFrom('invites')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toInvite);
    },

    async findMine(userId: string, inviteId: string): Promise<Invite | undefined> {
      const row = await pendingOfMyCompanies(userId).selectAll('invites').where('invites.id', '=', inviteId).executeTakeFirst();
      return row ? toInvite(row) : undefined;
    },

    async create(companyId: string, email: string, invitedBy: string, at: string): Promise<Invite> {
      const row: InvitesTable = {
        id: randomUUID(),
        company_id: companyId,
        email: normaliseEmail(email),
        code: newInviteCode(),
        invited_by: invitedBy,
        created_at: at,
        used_at: null,
        used_by: null,
      };
      await audited(db, { action: 'create', resource: 'invite', id: row.id }, (trx) => trx.insertInto('invites').values(row).execute());
      return toInvite(row);
    },

    async findPending(by: { id: string } | { code: string }): Promise<InvitesTable | undefined> {
      let query = db.selectFrom('invites').selectAll().where('used_at', 'is', null);
      query = 'id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code);
      return query.executeTakeFirst();
    },

    /**
     * Marks the invite used and adds the member in one transaction; the `used_at is null`
     * guard makes a code single-use even under concurrent joins.
     */
    async redeem(inviteId: string, companyId: string, userId: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await audited(trx, { action: 'update', resource: 'invite', id: inviteId }, (audit) =>
          audit.updateTable('invites').set({ used_at: at, used_by: userId }).where('id', '=', inviteId).where('used_at', 'is', null).executeTakeFirst(),
        );
        if (Number(marked.numUpdatedRows) !== 1) return false;
        await trx.insertInto('company_members').values({ company_id: companyId, user_id: userId, role: 'member', joined_at: at }).execute();
        await appendAudit(trx, membershipEntry(companyId, userId, 'member', 'join'));
        return true;
      });
    },

    async remove(inviteId: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'invite', id: inviteId }, (trx) => trx.deleteFrom('invites').where('id', '=', inviteId).execute());
    },
  };
}

export type InvitesRepository = ReturnType<typeof invitesRepository>;
