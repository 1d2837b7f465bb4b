import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';
import { createApiKey } from './support/console';

// Registering a device, with the form catching a bad DevEUI before the API does.
test('register a device: a bad DevEUI is refused in the form, the fixed one is listed as never seen', async ({ page }) => {
  await signUpAndOnboard(page, `Devices ${Date.now()}`);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices/);
  // A company without devices is offered its first ones: by hand, a CSV, or the templates.
  await expect(page.getByRole('link', { name: 'Import CSV' })).toBeVisible();
  await page.getByRole('link', { name: 'Register a device' }).click();
  await expect(page).toHaveURL(/\/devices\/create$/);

  const devEui = `A840${Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12)}`;
  await page.getByLabel('Name').fill('Cellar sensor');
  await page.getByLabel(/DevEUI/).fill('A84041');
  await page.getByLabel(/AppKey/).fill('2b7e151628aed2a6abf7158809cf4f3c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DevEUI must be 16 hexadecimal digits.')).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/create$/);

  await page.getByLabel(/DevEUI/).fill(devEui.toLowerCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  const row = page.getByRole('row', { name: /Cellar sensor/ });
  await expect(row).toContainText(devEui);
  await expect(row).toContainText('Never');

  // Registering the same DevEUI again: the API's duplicate error shows under the field.
  await page.getByRole('link', { name: 'Create' }).first().click();
  await page.getByLabel(/DevEUI/).fill(devEui);
  await page.getByLabel(/AppKey/).fill('2b7e151628aed2a6abf7158809cf4f3c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This DevEUI is already registered.')).toBeVisible();
});

// Issue #14: an event for a DevEUI nobody registered is not an error; the device list offers to add it.
test('a device the network server heard but nobody registered is added with one click, then leaves the list', async ({ page, request }) => {
  await signUpAndOnboard(page, `Heard ${Date.now()}`);
  const key = await createApiKey(page, 'ChirpStack');

  const devEui = `A8${Date.now().toString(16).toUpperCase().padStart(14, '0').slice(-14)}`;
  // As ChirpStack v4 posts an uplink (pbjson: lower-case hex EUIs), for a device registered only there.
  const response = await request.post('/api/ingest/chirpstack?event=up', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      deduplicationId: crypto.randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { applicationId: crypto.randomUUID(), deviceName: 'greenhouse-7', devEui: devEui.toLowerCase() },
      fCnt: 3,
      fPort: 2,
      data: 'AQ==',
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -71, snr: 9.5, channel: 4 }],
      txInfo: { frequency: 867300000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
    },
  });
  expect({ status: response.status(), body: await response.json() }).toEqual({ status: 200, body: { status: 'unregistered' } });

  await page.goto('/devices');
  const panel = page.getByRole('button', { name: /Heard, not registered/ });
  await expect(panel).toContainText('The network server sent events for 1 device that is not registered here.');
  await panel.click();
  const row = page.getByRole('row', { name: new RegExp(devEui) });
  await expect(row).toContainText('greenhouse-7');
  await expect(row).toContainText('-71 dBm / 9.5 dB');
  await expect(row).toContainText('0016C001F153A14C');
  await row.getByRole('link', { name: `Add device ${devEui}` }).click();

  await expect(page).toHaveURL(/\/devices\/create$/);
  await expect(page.getByLabel(/DevEUI/)).toHaveValue(devEui);
  await expect(page.getByLabel('Name')).toHaveValue('greenhouse-7');
  await page.getByLabel(/AppKey/).fill('2b7e151628aed2a6abf7158809cf4f3c');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('row', { name: /greenhouse-7/ })).toContainText(devEui);
  await expect(page.getByRole('button', { name: /Heard, not registered/ })).toHaveCount(0);
});
