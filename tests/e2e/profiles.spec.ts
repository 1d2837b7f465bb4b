import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

// A template from the store becomes a device profile whose codec runs in the server's sandbox.
test("copy a template ('Already added' afterwards) and test-run its codec on its sample payload", async ({ page }) => {
  await signUpAndOnboard(page, `Profiles ${Date.now()}`);
  await page.goto('/templates');
  await page.getByRole('textbox', { name: 'Search' }).fill('LHT65N');
  const row = page.getByRole('row', { name: /LHT65N/ });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Copy to my company' }).click();
  await expect(row.getByText('Already added')).toBeVisible();

  // The sample uplink the store lists for this model.
  await row.getByText('LHT65N').click();
  const sample = (await page.getByTestId('template-sample').first().textContent()) ?? '';
  const [, fPort, bytes] = /fPort (\d+): ([0-9A-F]+)/.exec(sample) ?? [];
  expect(bytes).toBeTruthy();

  await page.goto('/profiles');
  await page.getByRole('cell', { name: 'Dragino LHT65N' }).click();
  await expect(page.getByText('function decodeUplink').first()).toBeVisible();
  await page.getByLabel('Payload', { exact: true }).fill(bytes ?? '');
  await page.getByLabel('fPort').fill(fPort ?? '');
  const output = page.getByTestId('codec-output');
  // On a machine whose cores are busy, the sandbox's run can miss the product's 100 ms limit and
  // answer with the timeout: run again, as the user would, until the output comes.
  await expect(async () => {
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(output).toContainText('"temperature": 28.29', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(output).toContainText('"humidity": 88.6');

  // A broken edit is reported by the sandbox, not run by the browser.
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nthrow new Error("broken on purpose");');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('region', { name: 'Test run' }).getByRole('alert')).toContainText('The codec failed');
});
