import { expect, test } from '@playwright/test';

test.describe('marketing site', () => {
  test('pricing switches between monthly and yearly prices', async ({ page }) => {
    await page.goto('/pricing/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const basic = page.getByTestId('price-basic');
    await expect(basic).toHaveText('€1.00');
    await page.getByRole('button', { name: 'Yearly' }).click();
    await expect(basic).toHaveText('€0.90');
    await expect(page.getByText('Yearly billing: 10 % off all device fees.')).toBeVisible();
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(basic).toHaveText('€1.00');
    await expect(page.getByTestId('price-enterprise')).toHaveText('On request');
  });

  test('calculator applies a value on Enter and restores it on Escape', async ({ page }) => {
    await page.goto('/calculator/');
    const devices = page.getByLabel('Devices');
    const fees = page.getByTestId('device-fees');
    await expect(fees).toHaveText('€50.00 per month');
    await devices.fill('200');
    await expect(fees).toHaveText('€50.00 per month');
    await devices.press('Enter');
    await expect(fees).toHaveText('€200.00 per month');
    await devices.fill('3');
    await devices.press('Escape');
    await expect(devices).toHaveValue('200');
    await expect(fees).toHaveText('€200.00 per month');
    await devices.fill('3');
    await devices.press('Enter');
    await expect(page.getByTestId('tier')).toHaveText('Free');
  });

  test('German pages are in German and set the shared language', async ({ page }) => {
    await page.goto('/de/pricing/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sie zahlen pro Gerät, sonst nichts');
    await expect(page.getByTestId('price-basic')).toHaveText('1,00 €');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('de');
    await page.goto('/de/features/');
    await expect(page.getByText('Demnächst')).toBeVisible();
  });

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
