import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

// Registering a device, with the form catching a bad DevEUI before the API does.
test('register a device: a bad DevEUI is refused in the form, the fixed one is listed as never seen', async ({ page }) => {
  await signUpAndOnboard(page, `Devices ${Date.now()}`);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\/devices/);
  await page.getByRole('link', { name: 'Create' }).first().click();
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
