import { afterAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_COMPANY } from '../../../server/src/domain/webhooks.js';
import { twoCompanies } from '../helpers/fixtures.js';
import { call, signUp } from '../helpers/users.js';
import { installation, type Installation } from './secrets-harness.js';

// Issue #16: the cap was counted, then the webhook inserted, so creates arriving together all
// saw room and passed it. The count and the insert are now one step (SQLite and PostgreSQL).
describe('webhooks per company, created at once', () => {
  it(`never pass the cap of ${MAX_WEBHOOKS_PER_COMPANY}: 30 concurrent creates make exactly that many`, async () => {
    const { t, alice, company } = await twoCompanies();
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => call(t.app, alice, 'POST', '/api/webhook/', { company_id: company, url: `https://hooks.example.com/race/${n}` })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_WEBHOOKS_PER_COMPANY);
      expect(statuses.filter((status) => status === 409)).toHaveLength(30 - MAX_WEBHOOKS_PER_COMPANY);
      for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'webhookLimit' });
      const stored = await t.db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('company_id', '=', company)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(MAX_WEBHOOKS_PER_COMPANY);
    } finally {
      await t.close();
    }
  });
});

describe('webhooks per company, created at once on two nodes', () => {
  let site: Installation | undefined;
  afterAll(async () => site?.drop());

  it(`never pass the cap of ${MAX_WEBHOOKS_PER_COMPANY} across nodes sharing the database`, async () => {
    site = await installation('webhook-cap');
    const nodes = [await site.start(), await site.start()];
    const owner = await signUp(nodes[0]!);
    const company = (await call(nodes[0]!, owner, 'POST', '/api/company/', { name: 'Race' })).json<{ id: string }>().id;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(nodes[n % 2]!, owner, 'POST', '/api/webhook/', { company_id: company, url: `https://hooks.example.com/nodes/${n}` }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_WEBHOOKS_PER_COMPANY);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(30 - MAX_WEBHOOKS_PER_COMPANY);
  });
});
