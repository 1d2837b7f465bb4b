import { expect, type Page } from '@playwright/test';

/** A DevEUI no earlier run used: a two-digit prefix per spec, then the time in hex. */
export function uniqueDevEui(prefix: string): string {
  return `${prefix}${Date.now().toString(16).toUpperCase().padStart(14, '0').slice(-14)}`;
}

/** Registers a device through the console's form, as a user would, and waits for the list. */
export async function registerDevice(page: Page, name: string, devEui: string): Promise<void> {
  await page.goto('/devices/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/DevEUI/).fill(devEui);
  await page.getByLabel(/AppKey/).fill('2b7e151628aed2a6abf7158809cf4f3c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/devices$/);
}

/** Creates an API key in the console and answers its secret (shown once), as ChirpStack's integration would be given it. */
export async function createApiKey(page: Page, name: string): Promise<string> {
  await page.goto('/api-keys');
  await page.getByRole('button', { name: 'New key' }).first().click();
  await page.getByRole('dialog').getByLabel(/Name/).fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const key = await page.getByTestId('api-key-secret').inputValue();
  await page.getByRole('button', { name: 'Close' }).click();
  return key;
}
