import { dialectOf, type Db } from '../db/database.js';
import type { TemplatesTable } from '../db/schema.js';
import type { MacVersion, Region, RegParamsRevision } from '../domain/network.js';
import { containsText } from './text-match.js';
import { listPage } from './list-page.js';
import type { Template, TemplateSample } from '../schemas/templates.js';

/** What the catalog module provides for each device model. */
export interface TemplateSeed {
  id: string;
  vendor: string;
  model: string;
  version: string;
  description: string;
  supports_otaa: boolean;
  supports_class_b: boolean;
  supports_class_c: boolean;
  codec: string;
  samples: readonly TemplateSample[];
  /** The network settings of the vendor's device as shipped (its LoRaWAN version, its default report interval). */
  region: Region;
  mac_version: MacVersion;
  reg_params_revision: RegParamsRevision;
  uplink_interval_s: number;
}

const toRow = (seed: TemplateSeed): TemplatesTable => ({
  id: seed.id,
  vendor: seed.vendor,
  model: seed.model,
  version: seed.version,
  description: seed.description,
  supports_otaa: seed.supports_otaa ? 1 : 0,
  supports_class_b: seed.supports_class_b ? 1 : 0,
  supports_class_c: seed.supports_class_c ? 1 : 0,
  codec: seed.codec,
  samples: JSON.stringify(seed.samples),
  region: seed.region,
  mac_version: seed.mac_version,
  reg_params_revision: seed.reg_params_revision,
  uplink_interval_s: seed.uplink_interval_s,
});

export function templatesRepository(db: Db) {
  const dialect = dialectOf(db);
  const withCompanyProfile = (companyId: string) =>
    db
      .selectFrom('templates')
      .leftJoin('profiles', (join) => join.onRef('profiles.template_id', '=', 'templates.id').on('profiles.company_id', '=', companyId));

  const toTemplate = (row: TemplatesTable & { profile_id: string | null }): Template => ({
    id: row.id,
    vendor: row.vendor,
    model: row.model,
    version: row.version,
    description: row.description,
    supports_otaa: row.supports_otaa === 1,
    supports_class_b: row.supports_class_b === 1,
    supports_class_c: row.supports_class_c === 1,
    codec: row.codec,
    samples: JSON.parse(row.samples) as TemplateSample[],
    region: row.region,
    mac_version: row.mac_version,
    reg_params_revision: row.reg_params_revision,
    uplink_interval_s: row.uplink_interval_s,
    profile_id: row.profile_id,
    already_added: row.profile_id !== null,
  });

  return {
    /** Brings the store in line with the catalog shipped in the code (runs at every start). */
    async seed(catalog: readonly TemplateSeed[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const seed of catalog) {
          const row = toRow(seed);
          const { id: _id, ...changes } = row;
          await trx
            .insertInto('templates')
            .values(row)
            .onConflict((c) => c.column('id').doUpdateSet(changes))
            .execute();
        }
      });
    },

    async list(companyId: string, options: { search?: string | undefined; vendor?: string | undefined; limit: number; offset: number }) {
      let query = withCompanyProfile(companyId);
      if (options.search) {
        const text = options.search;
        query = query.where((eb) =>
          eb.or([
            containsText('templates.vendor', text, dialect),
            containsText('templates.model', text, dialect),
            containsText('templates.description', text, dialect),
          ]),
        );
      }
      if (options.vendor) query = query.where('templates.vendor', '=', options.vendor);
      const page = await listPage(
        query,
        options,
        (q) => q.selectAll('templates').select('profiles.id as profile_id').orderBy('templates.vendor').orderBy('templates.model').orderBy('templates.id'),
        toTemplate,
      );
      const vendors = await db.selectFrom('templates').select('vendor').distinct().orderBy('vendor').execute();
      return { ...page, vendors: vendors.map((v) => v.vendor) };
    },

    async find(companyId: string, templateId: string): Promise<Template | undefined> {
      const row = await withCompanyProfile(companyId)
        .selectAll('templates')
        .select('profiles.id as profile_id')
        .where('templates.id', '=', templateId)
        .executeTakeFirst();
      return row ? toTemplate(row) : undefined;
    },
  };
}

export type TemplatesRepository = ReturnType<typeof templatesRepository>;
