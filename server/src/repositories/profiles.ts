import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../db/database.js';
import type { ProfilesTable } from '../db/schema.js';
import { DEFAULT_MAC_VERSION, DEFAULT_REG_PARAMS_REVISION, DEFAULT_REGION, DEFAULT_UPLINK_INTERVAL_S } from '../domain/network.js';
import { DEFAULT_DECODER_PRECEDENCE } from '../domain/decoders.js';
import { containsText } from './text-match.js';
import type { Profile, ProfileCreateBody, ProfileUpdateBody } from '../schemas/profiles.js';
import { listPage } from './list-page.js';
import { audited } from './audited.js';
import { idIn } from './id-filter.js';

export type ProfileOrdering = 'name' | '-name' | 'created_at' | '-created_at';

const flag = (value: boolean | undefined): number | undefined => (value === undefined ? undefined : value ? 1 : 0);

export function toProfile(row: ProfilesTable): Profile {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    codec: row.codec,
    supports_otaa: row.supports_otaa === 1,
    supports_class_b: row.supports_class_b === 1,
    supports_class_c: row.supports_class_c === 1,
    region: row.region,
    mac_version: row.mac_version,
    reg_params_revision: row.reg_params_revision,
    uplink_interval_s: row.uplink_interval_s,
    decoder_precedence: row.decoder_precedence,
    template_id: row.template_id,
    is_template: row.template_id !== null,
    created_at: row.created_at,
  };
}

/** Device profiles of one company; callers have checked the caller's membership. */
export function profilesRepository(db: Db) {
  const dialect = dialectOf(db);
  return {
    async list(
      companyId: string,
      options: { search?: string | undefined; fromTemplates?: boolean; ids?: string[] | undefined; ordering: ProfileOrdering; limit: number; offset: number },
    ) {
      let query = db.selectFrom('profiles').where('company_id', '=', companyId);
      if (options.search) query = query.where(containsText('name', options.search, dialect));
      if (options.fromTemplates) query = query.where('template_id', 'is not', null);
      if (options.ids) query = query.where(idIn('id', options.ids));
      const descending = options.ordering.startsWith('-');
      return listPage(
        query,
        options,
        (q) =>
          q
            .selectAll()
            .orderBy(options.ordering.replace('-', '') === 'name' ? 'name' : 'created_at', descending ? 'desc' : 'asc')
            .orderBy('id'),
        toProfile,
      );
    },

    async find(companyId: string, id: string): Promise<Profile | undefined> {
      const row = await db.selectFrom('profiles').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row ? toProfile(row) : undefined;
    },

    async create(companyId: string, fields: ProfileCreateBody, templateId: string | null, at: string): Promise<Profile> {
      const row: ProfilesTable = {
        id: randomUUID(),
        company_id: companyId,
        name: fields.name.trim(),
        codec: fields.codec ?? '',
        supports_otaa: fields.supports_otaa === false ? 0 : 1,
        supports_class_b: fields.supports_class_b ? 1 : 0,
        supports_class_c: fields.supports_class_c ? 1 : 0,
        template_id: templateId,
        created_at: at,
        region: fields.region ?? DEFAULT_REGION,
        mac_version: fields.mac_version ?? DEFAULT_MAC_VERSION,
        reg_params_revision: fields.reg_params_revision ?? DEFAULT_REG_PARAMS_REVISION,
        uplink_interval_s: fields.uplink_interval_s ?? DEFAULT_UPLINK_INTERVAL_S,
        decoder_precedence: fields.decoder_precedence ?? DEFAULT_DECODER_PRECEDENCE,
      };
      await audited(db, { action: 'create', resource: 'profile', id: row.id }, (trx) => trx.insertInto('profiles').values(row).execute());
      return toProfile(row);
    },

    async update(companyId: string, id: string, fields: ProfileUpdateBody): Promise<void> {
      const set = {
        name: fields.name?.trim(),
        codec: fields.codec,
        supports_otaa: flag(fields.supports_otaa),
        supports_class_b: flag(fields.supports_class_b),
        supports_class_c: flag(fields.supports_class_c),
        region: fields.region,
        mac_version: fields.mac_version,
        reg_params_revision: fields.reg_params_revision,
        uplink_interval_s: fields.uplink_interval_s,
        decoder_precedence: fields.decoder_precedence,
      };
      const defined = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
      if (Object.keys(defined).length === 0) return;
      await audited(db, { action: 'update', resource: 'profile', id }, (trx) =>
        trx.updateTable('profiles').set(defined).where('company_id', '=', companyId).where('id', '=', id).execute(),
      );
    },

    async remove(companyId: string, id: string): Promise<void> {
      await audited(db, { action: 'delete', resource: 'profile', id }, (trx) =>
        trx.deleteFrom('profiles').where('company_id', '=', companyId).where('id', '=', id).execute(),
      );
    },

    /** The company's profile made from a template, if it copied that template already. */
    async findByTemplate(companyId: string, templateId: string): Promise<Profile | undefined> {
      const row = await db.selectFrom('profiles').selectAll().where('company_id', '=', companyId).where('template_id', '=', templateId).executeTakeFirst();
      return row ? toProfile(row) : undefined;
    },
  };
}

export type ProfilesRepository = ReturnType<typeof profilesRepository>;
