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

// Issue #18: a generic file whose headers name the fields goes through unmapped by hand; its failed
// row is corrected in its cell and retried on its own until it is imported.
test('a DevEUI;AppKey;Name file needs no mapping; a failed row corrected in place is retried to Success', async ({ page }) => {
  await signUpAndOnboard(page, `Import fix ${Date.now()}`);
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12);
  const eui = (n: number) => `D${n}00${stamp}`.slice(0, 16);
  await page.goto('/templates');
  await page.getByRole('textbox', { name: 'Search' }).fill('LHT65N');
  await page
    .getByRole('row', { name: /LHT65N/ })
    .getByRole('button', { name: 'Copy to my company' })
    .click();
  await expect(page.getByRole('row', { name: /LHT65N/ }).getByText('Already added')).toBeVisible();

  await page.goto('/devices/import');
  await page.getByRole('radio', { name: /Generic CSV/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const csv = ['DevEUI;AppKey;Name', `${eui(1)};${KEY};Boiler`, `${eui(2)};${KEY.slice(0, 30)}zz;Pump`].join('\n');
  await page.getByTestId('csv-file').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 rows found')).toBeVisible();
  // The columns are chosen by their names; only the import's configuration is picked.
  await expect(page.getByRole('combobox', { name: 'DevEUI column' })).toHaveText('DevEUI');
  await expect(page.getByRole('combobox', { name: 'AppKey column' })).toHaveText('AppKey');
  await page.getByLabel('Device configuration').click();
  await page.getByRole('option', { name: 'Dragino LHT65N' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Import 2 devices' }).click();
  await expect(page.getByTestId('count-success')).toHaveText('1');
  await expect(page.getByTestId('count-failed')).toHaveText('1');

  await page.getByRole('button', { name: 'Correct line 3' }).click();
  const key = page.getByRole('textbox', { name: 'AppKey, line 3' });
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription('AppKey must be 32 hexadecimal digits.');
  await key.fill(KEY);
  await page.getByRole('textbox', { name: 'Name, line 3' }).fill('Pump north');
  await page.getByRole('button', { name: 'Retry line 3' }).click();
  await expect(page.getByTestId('count-success')).toHaveText('2');
  await expect(page.getByTestId('count-failed')).toHaveText('0');
  await expect(page.getByTestId('import-row').filter({ hasText: 'Pump north' })).toContainText('Success');

  await page.goto('/devices');
  await expect(page.getByRole('row', { name: /Pump north/ })).toBeVisible();
});
