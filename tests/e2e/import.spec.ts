import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

const KEY = '2b7e151628aed2a6abf7158809cf4f3c';

// Importing a 5-row file (3 valid, 1 bad AppKey, 1 DevEUI already registered); every row ends in one state.
test('import a CSV: 3 Success, 1 Failed with its reason, 1 Duplicate; Retry Failed without a fix keeps it Failed', async ({ page }) => {
  await signUpAndOnboard(page, `Import ${Date.now()}`);
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12);
  const eui = (n: number) => `C${n}00${stamp}`.slice(0, 16);

  // A profile for the import's configuration, from the template store.
  await page.goto('/templates');
  await page.getByRole('textbox', { name: 'Search' }).fill('LHT65N');
  await page
    .getByRole('row', { name: /LHT65N/ })
    .getByRole('button', { name: 'Copy to my company' })
    .click();
  await expect(page.getByRole('row', { name: /LHT65N/ }).getByText('Already added')).toBeVisible();

  // The device the file repeats is registered first.
  await page.goto('/devices/create');
  await page.getByLabel(/DevEUI/).fill(eui(5));
  await page.getByLabel(/AppKey/).fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/devices$/);

  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  // Not a CSV: refused with a clear message.
  await page.getByTestId('csv-file').setInputFiles({ name: 'devices.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
  await expect(page.getByText('Only CSV files can be imported.', { exact: false })).toBeVisible();

  const csv = [
    '\uFEFFName;DevEUI;AppKey',
    `Boiler;${eui(1)};${KEY}`,
    `Pump;0x${eui(2).toLowerCase()};${KEY.toUpperCase()}`,
    '',
    `"Valve; north";${eui(3)};${KEY}`,
    `Broken;${eui(4)};NOT-A-KEY`,
    `Again;${eui(5)};${KEY}`,
  ].join('\r\n');
  await page.getByTestId('csv-file').setInputFiles({ name: 'shop-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('5 rows found')).toBeVisible();
  await page.getByLabel('Device configuration').click();
  await page.getByRole('option', { name: 'Dragino LHT65N' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('table', { name: 'Preview (first 5 rows)' }).getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: 'Import 5 devices' }).click();
  await expect(page.getByTestId('count-success')).toHaveText('3');
  await expect(page.getByTestId('count-failed')).toHaveText('1');
  await expect(page.getByTestId('count-duplicate')).toHaveText('1');
  await expect(page.getByTestId('count-ready')).toHaveText('0');
  await expect(page.getByTestId('import-row').filter({ hasText: 'Broken' })).toContainText('AppKey must be 32 hexadecimal digits.');
  await expect(page.getByTestId('import-row').filter({ hasText: 'Again' })).toContainText('Duplicate');

  await page.getByRole('button', { name: 'Retry Failed' }).click();
  await expect(page.getByTestId('count-failed')).toHaveText('1');
  await expect(page.getByTestId('count-success')).toHaveText('3');
  await expect(page.getByTestId('import-row').filter({ hasText: 'Broken' })).toContainText('Failed');

  await page.goto('/devices');
  await expect(page.getByRole('row', { name: /Valve; north/ })).toBeVisible();
});
