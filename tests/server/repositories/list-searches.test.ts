import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../../server/src/db/database.js';
import { gatewaysRepository } from '../../../server/src/repositories/gateways.js';
import { unitsRepository } from '../../../server/src/repositories/units.js';
import { createRecord, oneCompany } from '../helpers/fixtures.js';
import { testDialect, type TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

/** Keeps the text of every statement a repository compiles. */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = [];

  constructor(private readonly compile: (node: RootOperationNode) => string) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(this.compile(args.node));
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

// Every list's search folds case the same way on both databases, and on SQLite without lower()
// (text-match.ts): the dialect is taken from the database each repository is built on, so no list
// can be left on the slower form (issue #20).
describe('the lists’ searches', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: '0016C001F153A14C', name: 'Roof Gateway' });
    await createRecord(t, owner, '/api/gateway/', { company_id: company, gateway_id: '0016C001F153A14D', name: 'Cellar' });
    await createRecord(t, owner, '/api/unit/', { company_id: company, name: 'Küche Süd' });
    await createRecord(t, owner, '/api/unit/', { company_id: company, name: 'Roof deck' });
  });
  afterAll(async () => t.close());

  const logged = () => {
    const log = new StatementLog((node) => t.db.getExecutor().compileQuery(node, { queryId: '' }).sql);
    return { log, db: t.db.withPlugin(log) };
  };

  it('knows its database', () => {
    expect(dialectOf(t.db)).toBe(testDialect);
  });

  it('finds gateways by name and EUI in any case', async () => {
    const { log, db } = logged();
    const gateways = gatewaysRepository(db);
    const search = async (text: string) =>
      (await gateways.list(owner.id, { companyId: company, search: text, ordering: 'name', limit: 10, offset: 0 })).results.map((g) => g.name);
    expect(await search('ROOF')).toEqual(['Roof Gateway']);
    expect(await search('f153a14d')).toEqual(['Cellar']);
    expect(log.statements.some((text) => /like/i.test(text))).toBe(true);
    expect(log.statements.some((text) => text.includes('lower('))).toBe(testDialect === 'postgres');
  });

  it('finds units by name in any case', async () => {
    const { log, db } = logged();
    const units = unitsRepository(db);
    const search = async (text: string) =>
      (await units.list(owner.id, { companyId: company, search: text, descending: false, limit: 10, offset: 0 })).results.map((u) => u.name);
    expect(await search('roof')).toEqual(['Roof deck']);
    expect(await search('KÜCHE')).toEqual(['Küche Süd']);
    expect(log.statements.some((text) => text.includes('lower('))).toBe(testDialect === 'postgres');
  });
});
