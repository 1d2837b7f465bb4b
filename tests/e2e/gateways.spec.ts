import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readZip } from '../admin/common/readZip';
import { expect, test, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { signUpAndOnboard } from './support/onboarding';

/** Clicks a download button and returns the saved file's text. */
async function download(page: Page, button: string, dir: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return fs.readFileSync(target, 'utf8');
}

// The four-step wizard registers a gateway, hands out a certificate the platform CA
// signed, and waits until the gateway connects to the broker with it.
test('set up a gateway: register, download a certificate that verifies against the CA, connect', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-e2e-'));
  await signUpAndOnboard(page, `Gateways ${Date.now()}`);
  await page.getByRole('tab', { name: 'Gateways' }).click();
  await page.getByRole('button', { name: 'Set up a gateway' }).first().click();
  const wizard = page.getByRole('dialog', { name: 'Gateway setup' });
  await expect(wizard).toContainText('Enable the concentrator with the EU868 channel plan.');
  await wizard.getByRole('button', { name: 'Next' }).click();

  // A bad ID is refused by the API: 'Registration Failed' with the reason.
  await wizard.getByLabel(/Gateway ID/).fill('0016C001');
  await wizard.getByRole('button', { name: 'Register' }).click();
  await expect(wizard.getByRole('alert')).toContainText('Registration Failed');
  await expect(wizard.getByRole('alert')).toContainText('Gateway ID must be 16 hexadecimal digits.');

  const gatewayId = `0016C0${Date.now().toString(16).toUpperCase().padStart(10, '0').slice(-10)}`;
  await wizard.getByLabel(/Gateway ID/).fill(gatewayId);
  await wizard.getByLabel('Name').fill('Roof');
  await wizard.getByRole('button', { name: 'Register' }).click();

  const server = await wizard.getByLabel('MQTT server address').inputValue();
  expect(server).toMatch(/^mqtts:\/\/localhost:\d+$/);
  const ca = await download(page, 'Download ca.pem', dir);
  const cert = await download(page, `Download ${gatewayId}.cert.pem`, dir);
  const key = await download(page, `Download ${gatewayId}.key.pem`, dir);
  const verified = execFileSync('openssl', ['verify', '-CAfile', path.join(dir, 'ca.pem'), path.join(dir, `${gatewayId}.cert.pem`)], { encoding: 'utf8' });
  expect(verified.trim()).toMatch(/: OK$/);

  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByText('Waiting for the gateway to connect…')).toBeVisible();

  // The gateway comes online with the downloaded certificate and its gateway ID as client id
  // (the MQTT forwarder's default); another client id is refused. The wizard notices.
  const port = Number(new URL(server).port);
  const options = { ca, cert, key, servername: 'localhost', reconnectPeriod: 0 };
  await expect(mqtt.connectAsync(`mqtts://127.0.0.1:${port}`, { ...options, clientId: 'another-client' })).rejects.toThrow(/Identifier rejected/);
  const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${port}`, { ...options, clientId: gatewayId.toLowerCase() });
  try {
    await expect(wizard.getByText('Setup complete: the gateway is connected.')).toBeVisible({ timeout: 15_000 });
  } finally {
    await client.endAsync();
  }
  await wizard.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row', { name: /Roof/ });
  await expect(row).toContainText(gatewayId);

  // A new certificate from the list: asked first, since the one the gateway uses stops working.
  await row.getByRole('button', { name: 'Download certificate' }).click();
  const confirm = page.getByRole('dialog', { name: 'New certificate for Roof?' });
  await expect(confirm).toContainText('The certificate the gateway uses now stops working');
  // One download: a zip with the three PEM files and a README (browsers block the 2nd of three).
  const [bundle] = await Promise.all([
    page.waitForEvent('download', (file) => file.suggestedFilename() === `${gatewayId}-certificates.zip`),
    confirm.getByRole('button', { name: 'Confirm' }).click(),
  ]);
  const bundlePath = path.join(dir, 'bundle.zip');
  await bundle.saveAs(bundlePath);
  const files = await readZip(fs.readFileSync(bundlePath));
  expect(Object.keys(files).sort()).toEqual(['README.txt', 'ca.pem', `${gatewayId}.cert.pem`, `${gatewayId}.key.pem`].sort());
  expect(files[`${gatewayId}.key.pem`]).toContain('PRIVATE KEY');
  expect(files[`${gatewayId}.key.pem`]).not.toBe(key);
  fs.rmSync(dir, { recursive: true, force: true });
});
