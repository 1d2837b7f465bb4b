import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/users.js';
import { answers, brokerHarness, dropped, type BrokerHarness } from './broker-harness.js';

/** Longer than any test runs: only the revoking node's announcement can drop a connection here. */
const NEVER_MS = 3_600_000;

/**
 * Issue #16: a revoked certificate's connection stayed up until the broker's next check (up to
 * 10 s). The node that revokes tells its own broker at once; other nodes keep their check
 * (broker-revocation.test.ts).
 */
describe('broker: a certificate revoked on this node', () => {
  let h: BrokerHarness;
  beforeAll(async () => {
    h = await brokerHarness({ recheckMs: NEVER_MS, immediate: true });
  });
  afterAll(async () => h.close());

  it('drops the connection of the previous certificate as soon as a new one is issued', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00D001');
    const old = await h.connect(await h.issue(h.alice, ref), 'b827ebfffe00d001');
    expect(await answers(old, 'eu868/gateway/b827ebfffe00d001/event/stats')).toBe(true);
    const current = await h.issue(h.alice, ref);
    expect(await dropped(old)).toBe(true);
    const fresh = await h.connect(current, 'b827ebfffe00d001');
    expect(await answers(fresh, 'eu868/gateway/b827ebfffe00d001/event/stats')).toBe(true);
  });

  it('drops the connection of a deleted gateway at once, and leaves other gateways connected', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00D002');
    const otherRef = await h.register(h.bob, h.bobCompany, 'B827EBFFFE00D003');
    const client = await h.connect(await h.issue(h.alice, ref), 'b827ebfffe00d002');
    const other = await h.connect(await h.issue(h.bob, otherRef), 'b827ebfffe00d003');
    expect((await call(h.t.app, h.alice, 'DELETE', `/api/gateway/${ref}/`)).statusCode).toBe(204);
    expect(await dropped(client)).toBe(true);
    expect(await answers(other, 'eu868/gateway/b827ebfffe00d003/event/stats')).toBe(true);
  });
});
