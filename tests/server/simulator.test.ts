import { execFile, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, TopicValue } from '../../server/src/schemas/devices.js';
import { createApiKey, createCompany, oneCompany } from './helpers/fixtures.js';
import type { TestApp } from './helpers/test-app.js';
import { call, signUp, type Page, type SignedIn } from './helpers/users.js';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/simulate.mjs');

/** `npm run simulate` against a running server: demo devices appear and report live values. */
describe('the uplink simulator', () => {
  let t: TestApp;
  let user: SignedIn;
  let base: string;
  beforeAll(async () => {
    ({ t, owner: user } = await oneCompany());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('sets up demo devices and sends their uplinks through the ingest API', async () => {
    const key = await createApiKey(t, user, 'Simulator');
    const { stdout } = await run(process.execPath, [SCRIPT], {
      env: { ...process.env, SIMULATOR_URL: base, SIMULATOR_KEY: key, SIMULATOR_ROUNDS: '2', SIMULATOR_EVERY: '0' },
    });
    expect(stdout).toContain('set up 3 demo devices');
    const devices = (await call(t.app, user, 'GET', '/api/device/')).json<Page<Device>>().results;
    expect(devices).toHaveLength(3);
    for (const device of devices) {
      expect(device.last_seen).not.toBeNull();
      const topics = (await call(t.app, user, 'GET', `/api/device/${device.id}/topics/values`)).json<TopicValue[]>();
      expect(topics.map((topic) => topic.topic)).toContain('temperature');
      const temperature = topics.find((topic) => topic.topic === 'temperature')?.last_value;
      expect(typeof temperature).toBe('number');
    }
  });

  it('skips a device deleted while it runs, and keeps simulating the others', async () => {
    // A company of its own: the other test's devices stay untouched.
    const owner = await signUp(t.app);
    await createCompany(t, owner, 'Second company');
    const key = await createApiKey(t, owner, 'Simulator');
    const child = spawn(process.execPath, [SCRIPT], {
      env: { ...process.env, SIMULATOR_URL: base, SIMULATOR_KEY: key, SIMULATOR_ROUNDS: '3', SIMULATOR_EVERY: '1' },
    });
    let stdout = '';
    const firstRound = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('sent 3 uplinks')) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await firstRound;
    const [gone] = (await call(t.app, owner, 'GET', '/api/device/')).json<Page<Device>>().results;
    expect((await call(t.app, owner, 'DELETE', `/api/device/${gone.id}/`)).statusCode).toBe(204);
    expect(await exited).toBe(0);
    expect(stdout).toContain(`skipping ${gone.name}: no longer registered`);
    expect(stdout).toContain('sent 2 uplinks');
  });

  it('explains how to get a key when none is given', async () => {
    await expect(run(process.execPath, [SCRIPT], { env: { ...process.env, SIMULATOR_URL: base, SIMULATOR_KEY: '' } })).rejects.toMatchObject({
      stderr: expect.stringContaining('SIMULATOR_KEY'),
    });
  });
});
