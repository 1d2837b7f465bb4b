import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, TopicValue } from '../../server/src/schemas/devices.js';
import { createApiKey, oneCompany } from './helpers/fixtures.js';
import type { TestApp } from './helpers/test-app.js';
import { call, type Page, type SignedIn } from './helpers/users.js';

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

  it('explains how to get a key when none is given', async () => {
    await expect(run(process.execPath, [SCRIPT], { env: { ...process.env, SIMULATOR_URL: base, SIMULATOR_KEY: '' } })).rejects.toMatchObject({
      stderr: expect.stringContaining('SIMULATOR_KEY'),
    });
  });
});
