import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { ApiKeysTable } from '../db/schema.js';
import { prepare } from '../db/prepared.js';
import type { ApiKey } from '../schemas/api-keys.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';

export const toApiKey = (row: ApiKeysTable, now: Date): ApiKey => ({
  id: row.id,
  name: row.name,
  expiresAt: row.expires_at,
  last_used: row.last_used_at,
  expired: row.expires_at !== null && new Date(row.expires_at) <= now,
  created_at: row.created_at,
  company_id: row.company_id,
  read_only: row.read_only === 1,
});

export function apiKeysRepository(db: Db) {
  // Looked up on every API-key request: compiled once.
  const byLookup = prepare<[string], ApiKeysTable>(db, 1, (lookup) => db.selectFrom('api_keys').selectAll().where('lookup', '=', lookup));

  return {
    async list(userId: string, options: { limit: number; offset: number }, now: Date): Promise<{ count: number; results: ApiKey[] }> {
      const query = db.selectFrom('api_keys').where('user_id', '=', userId);
      return listPage(
        query,
        options,
        (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'),
        (row) => toApiKey(row, now),
      );
    },
    async find(userId: string, id: string): Promise<ApiKeysTable | undefined> {
      return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    },
    async findByLookup(lookup: string): Promise<ApiKeysTable | undefined> {
      return (await byLookup(lookup))[0];
    },
    async create(
      userId: string,
      name: string,
      expiresAt: string | null,
      scope: { companyId: string | null; readOnly: boolean },
      secret: { lookup: string; hash: string },
      at: string,
    ): Promise<ApiKeysTable> {
      const row: ApiKeysTable = {
        id: randomUUID(),
        user_id: userId,
        name: name.trim(),
        lookup: secret.lookup,
        key_hash: secret.hash,
        expires_at: expiresAt,
        last_used_at: null,
        created_at: at,
        company_id: scope.companyId,
        read_only: scope.readOnly ? 1 : 0,
      };
      await audited(db, { action: 'create', resource: 'api_key', id: row.id }, (trx) => trx.insertInto('api_keys').values(row).execute());
      return row;
    },
    /** Replaces the secret: the old lookup and hash are gone in the same statement. */
    async replaceSecret(id: string, secret: { lookup: string; hash: string }): Promise<void> {
      await audited(db, { action: 'rotate_secret', resource: 'api_key', id }, (trx) =>
        trx.updateTable('api_keys').set({ lookup: secret.lookup, key_hash: secret.hash }).where('id', '=', id).execute(),
      );
    },
    async touch(id: string, at: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'api_key', id }, (trx) => trx.deleteFrom('api_keys').where('id', '=', id).execute());
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
