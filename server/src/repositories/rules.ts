import { randomUUID } from 'node:crypto';
import type { Db, Dialect } from '../db/database.js';
import type { RulesTable } from '../db/schema.js';
import type { Rule, RuleCreateBody, RuleFiring, RuleOrdering, RuleUpdateBody, TopicValues } from '../schemas/rules.js';
import { listPage, type PageWindow } from './list-page.js';
import { ruleDeviceVersions } from './rule-device-versions.js';
import { containsText } from './text-match.js';

/** A rule as stored, its JSON parts parsed (what the engine evaluates). */
export type StoredRule = Omit<Rule, 'state'>;

export const toStoredRule = (row: RulesTable): StoredRule => ({
  id: row.id,
  company_id: row.company_id,
  name: row.name,
  enabled: row.enabled === 1,
  scope: row.scope,
  scope_id: row.scope_id,
  condition: JSON.parse(row.condition) as Rule['condition'],
  schedule: row.schedule === null ? null : (JSON.parse(row.schedule) as Rule['schedule']),
  hysteresis: Number(row.hysteresis),
  actions: JSON.parse(row.actions) as Rule['actions'],
  created_at: row.created_at,
  updated_at: row.updated_at,
});

type RuleFields = Omit<RuleUpdateBody, 'schedule'> & { schedule?: Rule['schedule'] | undefined };

function columns(fields: RuleFields): Partial<RulesTable> {
  const set: Partial<RulesTable> = {};
  if (fields.name !== undefined) set.name = fields.name.trim();
  if (fields.enabled !== undefined) set.enabled = fields.enabled ? 1 : 0;
  if (fields.scope !== undefined) set.scope = fields.scope;
  if (fields.scope_id !== undefined) set.scope_id = fields.scope === 'company' ? null : fields.scope_id;
  if (fields.condition !== undefined) set.condition = JSON.stringify(fields.condition);
  if (fields.schedule !== undefined) set.schedule = fields.schedule === null ? null : JSON.stringify(fields.schedule);
  if (fields.hysteresis !== undefined) set.hysteresis = fields.hysteresis;
  if (fields.actions !== undefined) set.actions = JSON.stringify(fields.actions);
  return set;
}

/** Rules of companies and their history (migration 0030); the engine's reads and writes are rule-states.ts's. */
export function rulesRepository(db: Db, dialect: Dialect) {
  const versions = ruleDeviceVersions(dialect);
  /** Per rule: how many devices it fires for, since when, and when it last fired. */
  const states = async (ruleIds: readonly string[]): Promise<Map<string, Rule['state']>> => {
    if (ruleIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('rule_states')
      .select((eb) => [
        'rule_id',
        eb.fn.sum<number | string>('firing').as('firing'),
        eb.fn.min(eb.case().when('firing', '=', 1).then(eb.ref('since')).end()).as('firing_since'),
        eb.fn.max('last_fired_at').as('last_fired_at'),
      ])
      .where('rule_id', 'in', ruleIds)
      .groupBy('rule_id')
      .execute();
    return new Map(
      rows.map((row) => [row.rule_id, { firing: Number(row.firing ?? 0), firing_since: row.firing_since ?? null, last_fired_at: row.last_fired_at ?? null }]),
    );
  };
  const withStates = async (rules: StoredRule[]): Promise<Rule[]> => {
    const byRule = await states(rules.map((rule) => rule.id));
    return rules.map((rule) => ({ ...rule, state: byRule.get(rule.id) ?? { firing: 0, firing_since: null, last_fired_at: null } }));
  };

  return {
    async list(
      companyId: string,
      options: PageWindow & { search?: string | undefined; ordering?: RuleOrdering | undefined },
    ): Promise<{ count: number; results: Rule[] }> {
      let query = db.selectFrom('rules').where('company_id', '=', companyId);
      if (options.search?.trim()) query = query.where(containsText('name', options.search, dialect));
      const ordering = options.ordering ?? 'name';
      const column = ordering.replace(/^-/, '') as 'name' | 'enabled' | 'scope' | 'created_at';
      const direction = ordering.startsWith('-') ? 'desc' : 'asc';
      const page = await listPage(query, options, (q) => q.selectAll().orderBy(column, direction).orderBy('name').orderBy('id'), toStoredRule);
      return { count: page.count, results: await withStates(page.results) };
    },

    async find(id: string): Promise<Rule | undefined> {
      const row = await db.selectFrom('rules').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? (await withStates([toStoredRule(row)]))[0] : undefined;
    },

    async create(body: RuleCreateBody, at: string): Promise<Rule> {
      const id = randomUUID();
      const fields = { enabled: true, schedule: null, hysteresis: 0, ...body };
      await db
        .insertInto('rules')
        .values({
          id,
          company_id: body.company_id,
          ...(columns(fields) as Omit<RulesTable, 'id' | 'company_id' | 'created_at' | 'updated_at'>),
          created_at: at,
          updated_at: at,
        })
        .execute();
      return (await this.find(id)) as Rule;
    },

    /**
     * Changes a rule. A changed condition, scope or schedule starts its states over (armed, empty
     * memory): what was remembered belonged to another condition.
     */
    async update(id: string, body: RuleFields, at: string): Promise<Rule | undefined> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('rules')
          .set({ ...columns(body), updated_at: at })
          .where('id', '=', id)
          .execute();
        if (body.condition || body.scope || body.scope_id !== undefined || body.schedule !== undefined) {
          // Nodes that cached these devices' states read them again.
          await versions.bumpForRule(trx, id);
          await trx.deleteFrom('rule_states').where('rule_id', '=', id).execute();
        }
      });
      return this.find(id);
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('rules').where('id', '=', id).execute();
    },

    /** A rule's transitions, newest first, with the device's name. */
    async firings(ruleId: string, window: PageWindow): Promise<{ count: number; results: RuleFiring[] }> {
      const query = db.selectFrom('rule_firings').innerJoin('devices', 'devices.id', 'rule_firings.device_id').where('rule_firings.rule_id', '=', ruleId);
      return listPage(
        query,
        window,
        (q) =>
          q
            .select([
              'rule_firings.id',
              'rule_firings.rule_id',
              'rule_firings.device_id',
              'devices.name',
              'devices.dev_eui',
              'rule_firings.transition',
              'rule_firings.at',
              'rule_firings.readings',
            ])
            .orderBy('rule_firings.at', 'desc')
            .orderBy('rule_firings.id', 'desc'),
        (row) => ({
          id: row.id,
          rule_id: row.rule_id,
          device_id: row.device_id,
          device_name: row.name || row.dev_eui,
          transition: row.transition,
          at: row.at,
          values: JSON.parse(row.readings) as TopicValues,
        }),
      );
    },
  };
}

export type RulesRepository = ReturnType<typeof rulesRepository>;
