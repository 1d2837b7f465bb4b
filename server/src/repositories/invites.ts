import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { InvitesTable } from '../db/schema.js';
import type { CompanyRole } from '../domain/roles.js';
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

const toInvite = (row: InvitesTable, now: Date): Invite => ({
  id: row.id,
  company_id: row.company_id,
  email: row.email,
  code: row.code,
  sent_at: row.created_at,
  role: row.role,
  expires_at: row.expires_at,
  expired: new Date(row.expires_at) <= now,
  is_open: row.is_open === 1,
});

export interface NewInvite {
  companyId: string;
  email: string;
  role: CompanyRole;
  expiresAt: string;
  isOpen: boolean;
}

export function invitesRepository(db: Db) {
  /** Open invites (neither used nor withdrawn) of the companies the user runs: codes are for admins and owners. */
  const pendingOfMyCompanies = (userId: string) =>
    db
      .selectFrom('invites')
      .innerJoin('company_members', (join) => join.onRef('company_members.company_id', '=', 'invites.company_id').on('company_members.user_id', '=', userId))
      .where('company_members.role', 'in', ['owner', 'admin'])
      .where('invites.used_at', 'is', null)
      .where('invites.deleted_at', 'is', null);

  return {
    async list(userId: string, options: { companyId?: string | undefined; limit: number; offset: number }, now: Date) {
      let query = pendingOfMyCompanies(userId);
      if (options.companyId) query = query.where('invites.company_id', '=', options.companyId);
      return listPage(
        query,
        options,
        (q) => q.selectAll('invites').orderBy('invites.created_at', 'desc').orderBy('invites.id'),
        (row) => toInvite(row, now),
      );
    },

    async pendingForCompany(companyId: string, now: Date): Promise<Invite[]> {
      const rows = await db
        .selectFrom('invites')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('used_at', 'is', null)
        .where('deleted_at', 'is', null)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => toInvite(row, now));
    },

    async findMine(userId: string, inviteId: string, now: Date): Promise<Invite | undefined> {
      const row = await pendingOfMyCompanies(userId).selectAll('invites').where('invites.id', '=', inviteId).executeTakeFirst();
      return row ? toInvite(row, now) : undefined;
    },

    async create(invite: NewInvite, invitedBy: string, at: Date): Promise<Invite> {
      const row: InvitesTable = {
        id: randomUUID(),
        company_id: invite.companyId,
        email: normaliseEmail(invite.email),
        code: newInviteCode(),
        invited_by: invitedBy,
        created_at: at.toISOString(),
        used_at: null,
        used_by: null,
        role: invite.role,
        expires_at: invite.expiresAt,
        is_open: invite.isOpen ? 1 : 0,
        deleted_at: null,
      };
      await audited(db, { action: 'create', resource: 'invite', id: row.id }, (trx) => trx.insertInto('invites').values(row).execute());
      return toInvite(row, at);
    },

    /** An invite by id or code in whatever state (used, withdrawn, expired): the join answers each in its own words. */
    async findByKey(by: { id: string } | { code: string }): Promise<InvitesTable | undefined> {
      const query = db.selectFrom('invites').selectAll();
      return ('id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)).executeTakeFirst();
    },

    /**
     * Marks the invite used and adds the member with the invite's role in one transaction; the `used_at is null`
     * guard makes a code single-use even under concurrent joins.
     */
    async redeem(invite: InvitesTable, userId: string, at: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await audited(trx, { action: 'update', resource: 'invite', id: invite.id }, (audit) =>
          audit
            .updateTable('invites')
            .set({ used_at: at, used_by: userId })
            .where('id', '=', invite.id)
            .where('used_at', 'is', null)
            .where('deleted_at', 'is', null)
            .executeTakeFirst(),
        );
        if (Number(marked.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('company_members')
          .values({ company_id: invite.company_id, user_id: userId, role: invite.role, joined_at: at, last_active_at: null })
          .execute();
        await appendAudit(trx, membershipEntry(invite.company_id, userId, invite.role, 'join'));
        return true;
      });
    },

    /** Withdraws an invite; the row stays so its code answers "withdrawn", not "unknown". */
    async remove(inviteId: string, at: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'invite', id: inviteId }, (trx) =>
        trx.updateTable('invites').set({ deleted_at: at }).where('id', '=', inviteId).execute(),
      );
    },
  };
}

export type InvitesRepository = ReturnType<typeof invitesRepository>;
