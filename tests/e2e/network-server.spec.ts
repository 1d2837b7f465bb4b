import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { ChirpstackDouble, type RunningDouble } from '../server/network-server/chirpstack-double';
import { signUpAndOnboard } from './support/onboarding';

// The suite's own server (scripts/e2e-server.mjs) runs standalone. These tests start a second one,
// same build, linked to the ChirpStack double, on their own ports and data directory (issue #13).
// Ports picked free by playwright.config.ts.
const PORT = Number(process.env.E2E_NS_PORT);
const MQTT_PORT = Number(process.env.E2E_NS_MQTT_PORT);
const baseURL = `http://localhost:${PORT}`;
const APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';

let chirpstack: ChirpstackDouble;
let running: RunningDouble;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL });

test.beforeAll(async () => {
  chirpstack = new ChirpstackDouble();
  running = await chirpstack.start();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-e2e-ns-'));
  server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      MQTT_PORT: String(MQTT_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      CHIRPSTACK_API_URL: running.url,
      CHIRPSTACK_API_TOKEN: running.config.apiToken,
      CHIRPSTACK_TENANT_ID: running.config.tenantId,
    },
  });
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`the server exited with ${code}`))));
  const up = expect
    .poll(async () => (await fetch(`${baseURL}/api/version`).catch(() => undefined))?.status, { timeout: 30_000, message: 'the server answers /api/version' })
    .toBe(200);
  await Promise.race([up, exited]);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exit = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exit;
  }
  await running?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A record's sync chip in its list row; its name says the state ("Network server: Pending"). */
const syncChip = (page: Page, row: string) => page.getByRole('row', { name: new RegExp(row) }).getByLabel(/^Network server: /);

const uniqueEui = (prefix: string) => `${prefix}${Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12)}`;

test('a device registered in the console is pending, then in sync, and ChirpStack holds it', async ({ page }) => {
  await signUpAndOnboard(page, `Network ${Date.now()}`);
  // ChirpStack takes its time with the first device: the device stays pending until the call's
  // deadline (10 s) passes and the worker's retry (5 s later) succeeds.
  chirpstack.stallNext('DeviceService/Create');

  await page.goto('/profiles');
  await page.getByRole('link', { name: 'Create' }).first().click();
  await page.getByLabel('Name').fill('Room sensor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profiles\/[^/]+$/);

  await page.getByRole('tab', { name: 'Devices' }).click();
  // No device yet: the empty list offers registering the first one.
  await page.getByRole('link', { name: 'Register a device' }).click();
  const devEui = uniqueEui('A840');
  await page.getByLabel('Name').fill('Cellar sensor');
  await page.getByLabel(/DevEUI/).fill(devEui);
  await page.getByLabel(/AppKey/).fill(APP_KEY);
  await page.getByLabel('Device profile').click();
  await page.getByRole('option', { name: 'Room sensor' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/devices$/);

  await expect(page.getByRole('columnheader', { name: 'Network server' })).toBeVisible();
  const chip = syncChip(page, 'Cellar sensor');
  await expect(chip).toHaveText('Pending');
  // The worker has sent the device and ChirpStack has not answered yet: still pending.
  await expect.poll(() => chirpstack.requests('DeviceService/Create').length, { timeout: 10_000 }).toBe(1);
  await page.reload();
  await expect(chip).toHaveText('Pending');

  // The list reads itself again while a row is pending: no reload.
  await expect(chip).toHaveText('In sync', { timeout: 40_000 });
  const remote = chirpstack.devices.get(devEui.toLowerCase());
  expect(remote?.devEui).toBe(devEui.toLowerCase());
  expect(remote?.name).toBe('Cellar sensor');
  expect(chirpstack.keys.get(devEui.toLowerCase())?.nwkKey).toBe(APP_KEY);
  const [profile] = [...chirpstack.profiles.values()].filter((candidate) => candidate.name === 'Room sensor');
  expect(remote?.deviceProfileId).toBe(profile?.id);
});

test('ChirpStack down: a new gateway is pending with the reason, the wizard says it cannot check; in sync once it is back', async ({ page }) => {
  await signUpAndOnboard(page, `Network down ${Date.now()}`);
  await page.getByRole('tab', { name: 'Gateways' }).click();
  chirpstack.unavailable = true;
  try {
    await page.getByRole('button', { name: 'Set up a gateway' }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Gateway setup' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    const gatewayId = uniqueEui('0016');
    await wizard.getByLabel(/Gateway ID/).fill(gatewayId);
    await wizard.getByLabel('Name').fill('Barn');
    await wizard.getByRole('button', { name: 'Register' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText(/The network server cannot be reached/)).toBeVisible();
    await expect(wizard.getByRole('listitem').filter({ hasText: 'Seen by the network server' })).toContainText('Cannot be checked');
    await wizard.getByRole('button', { name: 'Skip and close' }).click();

    // Pending from the start; the reason appears once the worker has tried and failed.
    const chip = syncChip(page, 'Barn');
    await expect(chip).toHaveText('Pending');
    await expect(async () => {
      await page.reload();
      await chip.click();
      await expect(page.getByRole('region', { name: 'Network server: Pending' })).toContainText(
        'The network server cannot be reached. The change is kept and sent again automatically.',
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 20_000, intervals: [1_000] });
  } finally {
    chirpstack.unavailable = false;
  }
  await expect(syncChip(page, 'Barn')).toHaveText('In sync', { timeout: 40_000 });
  expect([...chirpstack.gateways.values()].map((gateway) => gateway.name)).toContain('Barn');
});

// Deliverable 6 of issue #13, on a phone: connected over TLS is not enough, ChirpStack must hear the gateway.
test('on a phone: the wizard completes only once ChirpStack has seen the connected gateway', async ({ page }) => {
  await signUpAndOnboard(page, `Network wizard ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gateways');
  await page.getByRole('button', { name: 'Set up a gateway' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Gateway setup' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  const gatewayId = uniqueEui('00AB');
  await wizard.getByLabel(/Gateway ID/).fill(gatewayId);
  await wizard.getByRole('button', { name: 'Register' }).click();
  const ca = await wizard.getByLabel('CA certificate').inputValue();
  const cert = await wizard.getByLabel('TLS certificate').inputValue();
  const key = await wizard.getByLabel('TLS key').inputValue();
  await wizard.getByRole('button', { name: 'Next' }).click();

  const tls = wizard.getByRole('listitem').filter({ hasText: 'Connected to the platform (TLS)' });
  const seen = wizard.getByRole('listitem').filter({ hasText: 'Seen by the network server' });
  await expect(tls).toContainText('Waiting…');
  await expect(seen).toContainText('Waiting…');

  const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${MQTT_PORT}`, { clientId: gatewayId, ca, cert, key, servername: 'localhost', reconnectPeriod: 0 });
  try {
    await expect(tls).toContainText('Done', { timeout: 15_000 });
    await expect(seen).toContainText('Waiting…');
    await expect(wizard.getByText(/ChirpStack has not heard from it yet/)).toBeVisible();
    // The wizard fits a phone screen: nothing in it runs off the side.
    expect(await wizard.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth && dialog.getBoundingClientRect().right <= window.innerWidth)).toBe(true);

    // ChirpStack hears the gateway once it is provisioned there and its statistics arrive.
    await expect.poll(() => chirpstack.gateways.has(gatewayId.toLowerCase()), { timeout: 10_000 }).toBe(true);
    chirpstack.setLastSeen(gatewayId, new Date());
    await expect(wizard.getByText('Setup complete: the gateway is connected and the network server hears it.')).toBeVisible({ timeout: 15_000 });
  } finally {
    await client.endAsync();
  }
});
