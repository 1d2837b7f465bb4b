import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_COMPANY } from '../../../server/src/domain/webhooks.js';
import { twoCompanies } from '../helpers/fixtures.js';
import { call } from '../helpers/users.js';

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
