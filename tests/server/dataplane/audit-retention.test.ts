import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Maintenance } from '../../../server/src/dataplane/maintenance.js';
import { AUDIT_RETENTION_DAYS } from '../../../server/src/domain/audit.js';
import { PLANS } from '../../../server/src/domain/plans.js';
import { companiesRepository } from '../../../server/src/repositories/companies.js';
import { jobLeasesRepository } from '../../../server/src/repositories/job-leases.js';
import { maintenanceRepository } from '../../../server/src/repositories/maintenance.js';
import { notificationsRepository } from '../../../server/src/repositories/notifications.js';
import { timeOrderedId } from '../../../server/src/repositories/time-ordered-id.js';
import { createCompany, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

const DAY = 86_400_000;

// Issue #15: a company's audit log is kept as long as its plan says, then purged by the maintenance loop.
describe('audit log retention', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    ({ t, owner } = await oneCompany());
  });
  afterAll(async () => t.close());

  const maintenance = (node: string) =>
    new Maintenance({
      store: maintenanceRepository(t.db),
      leases: jobLeasesRepository(t.db),
      notifications: notificationsRepository(t.db),
      now: t.clock.now,
      settings: t.config.maintenance,
      intervalMs: 15 * 60_000,
      node,
      purgeBatch: 2,
    });
  const entry = (companyId: string, daysAgo: number) => {
    const at = new Date(t.clock.now().getTime() - daysAgo * DAY);
    return {
      id: timeOrderedId(at.getTime()),
      company_id: companyId,
      at: at.toISOString(),
      actor_type: 'system' as const,
      actor_id: null,
      actor_label: 'system',
      action: 'update' as const,
      resource_type: 'company' as const,
      resource_id: companyId,
      address: null,
      changes: null,
    };
  };
  const left = async (companyId: string) => (await t.db.selectFrom('audit_events').select('at').where('company_id', '=', companyId).execute()).length;

  it("keeps each company's entries as long as its plan says, once across nodes", async () => {
    const companies: [string, number][] = [];
    for (const plan of PLANS) {
      const id = await createCompany(t, owner, `Plan ${plan}`);
      await companiesRepository(t.db).setPlan(id, plan);
      await t.db.deleteFrom('audit_events').where('company_id', '=', id).execute();
      const days = AUDIT_RETENTION_DAYS[plan];
      // Three just past the plan's retention (more than one purge batch), one just within it.
      await t.db
        .insertInto('audit_events')
        .values([entry(id, days + 1), entry(id, days + 2), entry(id, days + 3), entry(id, days - 1)])
        .execute();
      companies.push([id, days]);
    }
    const orphan = crypto.randomUUID();
    await t.db
      .insertInto('audit_events')
      .values([entry(orphan, AUDIT_RETENTION_DAYS.free + 1), entry(orphan, 1)])
      .execute();

    const report = await maintenance('node-a').run();
    expect(await maintenance('node-b').run()).toBeUndefined();
    expect(report?.auditEventsDeleted).toBe(PLANS.length * 3 + 1);
    for (const [id] of companies) expect(await left(id)).toBe(1);
    // A deleted company's entries follow the default plan's retention.
    expect(await left(orphan)).toBe(1);
  });
});
