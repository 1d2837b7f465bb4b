import { expect, test, type Locator } from '@playwright/test';

/**
 * Gatsby serves pages pre-rendered: a control acts only once React has hydrated it, which on a busy
 * machine can be well after it is visible. React marks each hydrated element with its props.
 */
const hydrated = async (control: Locator): Promise<Locator> => {
  await expect.poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
  return control;
};

test.describe('marketing site', () => {
  test('pricing switches between monthly and yearly prices', async ({ page }) => {
    await page.goto('/pricing/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Pricing · LoRaNet Cloud');
    const basic = page.getByTestId('price-basic');
    const pro = page.getByTestId('price-pro');
    await expect(basic).toHaveText('€1.00');
    await expect(pro).toHaveText('€1.80');
    await (await hydrated(page.getByRole('button', { name: 'Yearly' }))).click();
    await expect(basic).toHaveText('€0.90');
    await expect(pro).toHaveText('€1.62');
    await expect(page.getByText('per device / month, billed yearly').first()).toBeVisible();
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect(basic).toHaveText('€1.00');
    await expect(page.getByTestId('price-enterprise')).toHaveText('On request');
    await expect(page.getByText('249 euro with LTE, 149 euro without')).toBeVisible();
  });

  test('calculator applies a value on Enter and restores it on Escape', async ({ page }) => {
    await page.goto('/calculator/');
    const devices = await hydrated(page.getByLabel('Devices'));
    const total = page.getByTestId('total');
    await expect(total).toHaveText('€50.00');
    await devices.fill('200');
    await expect(page.getByText('Not applied yet: Enter applies, Escape restores.')).toBeVisible();
    await expect(total).toHaveText('€50.00');
    await devices.press('Enter');
    await expect(total).toHaveText('€200.00');
    await devices.fill('3');
    await devices.press('Escape');
    await expect(devices).toHaveValue('200');
    await expect(total).toHaveText('€200.00');
    await devices.fill('3');
    await devices.press('Enter');
    await expect(page.getByTestId('tier')).toHaveText('Free');
    // Free bills nothing: requests beyond its token quota are refused (429), never billed.
    await expect(total).toHaveText('€0.00');
  });

  test('German pages are in German and remember the language', async ({ page }) => {
    await page.goto('/de/pricing/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Preise · LoRaNet Cloud');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sie zahlen pro Gerät, sonst nichts');
    await expect(page.getByTestId('price-basic')).toHaveText('1,00 €');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('language'))).toBe('de');
    // The choice is shared: the bare home page opens in German; an explicit English address stays English.
    await page.goto('/');
    await expect(page).toHaveURL(/\/de\/$/);
    await page.goto('/features/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/de/features/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Demnächst')).toBeVisible();
    // The switcher goes back to English and stores that choice.
    await (await hydrated(page.getByRole('link', { name: 'English' }))).click();
    await expect(page).toHaveURL(/\/features\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything a LoRaWAN operator needs');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('en');
  });

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const german = await page.goto('/de/keine-seite/');
    expect(german?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the header leads to sign-in and has no console navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Devices', exact: true })).toHaveCount(0);
  });
});
