import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/src/app.js';
import { KdfGate } from '../../../server/src/auth/kdf-gate.js';
import { MemoryRateStore } from '../../../server/src/auth/rate-store.js';
import { loadConfig } from '../../../server/src/config.js';
import { openDatabase } from '../../../server/src/db/database.js';
import { sharedDatabase } from '../helpers/shared-database.js';
import { LIFTED_ADDRESS_LIMITS, TEST_SECRET_KEY, TestClock, testDatabaseUrl } from '../helpers/test-app.js';
import { PASSWORD, signUp } from '../helpers/users.js';

const maximalEmail = (i: number) => `${String(i).padStart(242, 'x')}@example.com`;

describe('the in-memory limiter (one SQLite node)', () => {
  it('holds at most its capacity of keys, whatever their number and size', async () => {
    const store = new MemoryRateStore(100, () => new Date());
    for (let i = 0; i < 5000; i++) await store.hit(`signin-account|${maximalEmail(i)}`, 60_000);
    expect(await store.size()).toBe(100);
    // The most recent keys are the ones kept.
    expect((await store.peek(`signin-account|${maximalEmail(4999)}`)).hits).toBe(1);
    expect((await store.peek(`signin-account|${maximalEmail(0)}`)).hits).toBe(0);
  });

  it('forgets ended windows', async () => {
    const clock = new TestClock();
    const store = new MemoryRateStore(1000, clock.now);
    for (let i = 0; i < 50; i++) await store.hit(`k${i}`, 60_000);
    clock.advance(61_000);
    await store.hit('fresh', 60_000);
    expect(await store.size()).toBe(1);
  });
});

describe('the password derivation gate', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('runs one derivation per address at a time, other addresses alongside, and refuses a long queue', async () => {
    const gate = new KdfGate(1);
    const first = deferred();
    const started: string[] = [];
    const a1 = gate.run('a', async () => {
      started.push('a1');
      await first.promise;
    });
    const a2 = gate.run('a', async () => void started.push('a2'));
    expect(gate.run('a', async () => undefined)).toBeUndefined();
    await gate.run('b', async () => void started.push('b'));
    expect(started).toEqual(['a1', 'b']);
    first.resolve();
    await Promise.all([a1, a2]);
    expect(started).toEqual(['a1', 'b', 'a2']);
    expect(gate.size).toBe(0);
  });
});

// Several API nodes on one PostgreSQL database: a client spreading its attempts over the nodes meets one count.
describe.skipIf(!testDatabaseUrl)('two API nodes on one PostgreSQL database', () => {
  it('share the sign-in counts', async () => {
    const database = await sharedDatabase('limiter-store');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SECRET_KEY: TEST_SECRET_KEY,
      ...LIFTED_ADDRESS_LIMITS,
      SIGNIN_MAX_FAILURES: '4',
      SIGNIN_ADDRESS_MAX: '6',
    });
    const nodes = [
      await buildApp({ config, database: database.handle, logger: false }),
      await buildApp({ config, database: await openDatabase({ databaseUrl: database.env.DATABASE_URL }), logger: false }),
    ];
    try {
      const user = await signUp(nodes[0]!);
      const signIn = (node: number, email: string, password: string, remoteAddress: string) =>
        nodes[node]!.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress,
          payload: {
            formFields: [
              { id: 'email', value: email },
              { id: 'password', value: password },
            ],
          },
        });
      // Failures for one account, alternating between the nodes: the fifth attempt is refused on either.
      for (let i = 0; i < 4; i++) expect((await signIn(i % 2, user.email, 'wrong password 9', `198.51.100.${i}`)).statusCode).toBe(200);
      expect((await signIn(0, user.email, PASSWORD, '198.51.100.9')).statusCode).toBe(429);
      expect((await signIn(1, user.email, PASSWORD, '198.51.100.9')).statusCode).toBe(429);
      // Attempts per address: six in all, over both nodes.
      for (let i = 0; i < 6; i++) expect((await signIn(i % 2, `other-${i}@example.com`, PASSWORD, '203.0.113.50')).statusCode).toBe(200);
      expect((await signIn(1, 'other-6@example.com', PASSWORD, '203.0.113.50')).statusCode).toBe(429);
      expect((await signIn(0, 'other-7@example.com', PASSWORD, '203.0.113.50')).statusCode).toBe(429);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await database.drop();
    }
  });
});
