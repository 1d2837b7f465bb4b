import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicesRepository } from '../../../server/src/repositories/devices.js';
import { DEVICE_ORDERINGS } from '../../../server/src/schemas/devices.js';
import { insertDevice, oneCompany } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import type { SignedIn } from '../helpers/users.js';

// The export's pages (issue #20) start after the last row of the page before: in every order the
// list offers, with ties and never-seen devices, they hold exactly the list's rows, each once.
describe('devices matching, page after page', () => {
  let t: TestApp;
  let owner: SignedIn;
  let company: string;

  beforeAll(async () => {
    ({ t, owner, company } = await oneCompany());
    for (let i = 0; i < 23; i += 1) {
      await insertDevice(t, {
        company_id: company,
        dev_eui: `EE${i.toString(16).toUpperCase().padStart(14, '0')}`,
        // Ties in name and in last seen, and devices never seen.
        name: `Device ${i % 5}`,
        last_seen: i % 3 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (i % 4))).toISOString(),
      });
    }
  });
  afterAll(async () => t.close());

  it.each(DEVICE_ORDERINGS)('in the order %s', async (ordering) => {
    const devices = devicesRepository(t.db);
    const paged: string[] = [];
    for await (const page of devices.matching(owner.id, { companyId: company }, ordering, 4)) paged.push(...page.map((device) => device.id));
    const list = await devices.list(owner.id, { companyId: company }, { ordering, limit: 1000, offset: 0 });
    expect(paged).toEqual(list.results.map((device) => device.id));
    expect(new Set(paged).size).toBe(23);
  });
});
