import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateSecretsCommand, SECRETS_ROTATE_USAGE } from '../../../server/src/cli/secrets-rotate-command.js';
import { loadConfig } from '../../../server/src/config.js';
import { signUp } from '../helpers/users.js';
import { installation, type Installation } from './secrets-harness.js';

const KEY = Buffer.alloc(32, 3).toString('base64');

/** `npm run secrets:rotate`: the stored secrets sealed again with a new key; sessions and the CA stay what they were. */
describe('secret key rotation', () => {
  let site: Installation | undefined;
  afterEach(async () => {
    await site?.drop();
    site = undefined;
  });

  const rotate = async (env: Record<string, string>, args: string[]) => {
    const handle = await (site as Installation).open();
    try {
      return await rotateSecretsCommand(handle.db, loadConfig({ DATA_DIR: (site as Installation).dataDir, ...env }).secrets, args);
    } finally {
      await handle.close();
    }
  };

  it('replaces the key file with a new key; the old key no longer opens the secrets, the new one keeps sessions valid', async () => {
    site = await installation('rotate-file');
    const file = path.join(site.dataDir, 'secret.key');
    const first = await site.start();
    const owner = await signUp(first);
    await site.stop(first);
    const oldKey = fs.readFileSync(file, 'utf8').trim();

    const result = await rotate({}, []);
    expect(result.ok).toBe(true);
    expect(result.output).toMatch(/^Sealed again with key id [0-9a-f]{8} \(was [0-9a-f]{8}\): session_signing_secret\./);
    expect(result.output).toContain(`${file} holds the new key`);
    expect(fs.readFileSync(file, 'utf8').trim()).not.toBe(oldKey);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.new`)).toBe(false);

    await expect(site.start({ SECRET_KEY: oldKey })).rejects.toThrow(/does not open the secrets stored in the database/);
    const after = await site.start();
    expect((await after.inject({ method: 'GET', url: '/api/user/', headers: owner.headers })).statusCode).toBe(200);
  });

  it('with SECRET_KEY, takes the new key from a file and says what to set; refuses the same key and a wrong current one', async () => {
    site = await installation('rotate-env');
    await site.stop(await site.start({ SECRET_KEY: KEY }));
    const nextFile = path.join(site.dataDir, 'next.key');
    const next = Buffer.alloc(32, 4).toString('base64');
    fs.writeFileSync(nextFile, next);
    const sameFile = path.join(site.dataDir, 'same.key');
    fs.writeFileSync(sameFile, KEY);

    expect(await rotate({ SECRET_KEY: KEY }, [sameFile])).toEqual({ ok: false, output: expect.stringMatching(/^the new key is the current one/) });
    await expect(rotate({ SECRET_KEY: Buffer.alloc(32, 5).toString('base64') }, [nextFile])).rejects.toThrow(/does not open the secrets/);
    expect(await rotate({ SECRET_KEY: KEY }, ['a', 'b'])).toEqual({ ok: false, output: SECRETS_ROTATE_USAGE });

    const result = await rotate({ SECRET_KEY: KEY }, [nextFile]);
    expect(result.ok).toBe(true);
    expect(result.output).toContain(`Set SECRET_KEY on every node sharing this database to the key in ${nextFile}`);
    await site.stop(await site.start({ SECRET_KEY: next }));
  });
});
