import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCommand, OPERATOR_USAGE } from '../../../server/src/cli/operator-command.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp } from '../helpers/users.js';

describe('npm run operator', () => {
  let t: TestApp;
  const configured = ['env@platform.example'];
  const run = (...args: string[]) => operatorCommand(t.db, args, configured, new Date('2026-11-02T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('grants rights that open the back-office, lists them, and revokes them', async () => {
    const user = await signUp(t.app, 'sam@platform.example');
    expect((await call(t.app, user, 'GET', '/api/operator/companies')).statusCode).toBe(403);
    expect(await run('grant', 'Sam@Platform.example')).toEqual({ ok: true, output: 'sam@platform.example is now an operator' });
    expect(await run('grant', 'sam@platform.example')).toEqual({ ok: true, output: 'sam@platform.example was an operator already' });
    expect((await call(t.app, user, 'GET', '/api/operator/companies')).statusCode).toBe(200);
    expect(await run('list')).toEqual({
      ok: true,
      output: 'env@platform.example (OPERATOR_EMAILS)\nsam@platform.example (granted 2026-11-02T10:00:00.000Z)',
    });
    expect(await run('revoke', 'sam@platform.example')).toEqual({ ok: true, output: 'sam@platform.example is no longer an operator' });
    expect((await call(t.app, user, 'GET', '/api/operator/companies')).statusCode).toBe(403);
  });

  it('refuses what it cannot do, changing nothing', async () => {
    expect(await run()).toEqual({ ok: false, output: OPERATOR_USAGE });
    expect(await run('grant')).toEqual({ ok: false, output: OPERATOR_USAGE });
    expect(await run('promote', 'a@b.example')).toEqual({ ok: false, output: OPERATOR_USAGE });
    expect(await run('grant', 'a@b.example', 'extra')).toEqual({ ok: false, output: OPERATOR_USAGE });
    expect(await run('list', 'extra')).toEqual({ ok: false, output: OPERATOR_USAGE });
    expect(await run('grant', 'not-an-address')).toEqual({ ok: false, output: `not an e-mail address: "not-an-address"; ${OPERATOR_USAGE}` });
    expect(await run('revoke', 'nobody@platform.example')).toEqual({ ok: false, output: 'nobody@platform.example is not an operator' });
    expect(await run('revoke', 'ENV@platform.example')).toEqual({ ok: false, output: 'env@platform.example is named in OPERATOR_EMAILS: remove it there' });
    expect(await run('list')).toEqual({ ok: true, output: 'env@platform.example (OPERATOR_EMAILS)' });
  });
});
