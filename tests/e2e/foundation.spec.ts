import { expect, test } from '@playwright/test';

// One origin serves the API, the console and the marketing site (README "What is served where").
test.describe('one origin, three parts', () => {
  test('the API answers its version and documents itself', async ({ page, request }) => {
    const version = await request.get('/api/version');
    expect(version.ok()).toBe(true);
    expect(await version.json()).toMatchObject({ name: 'lora-console-server', version: expect.any(String) });

    const openapi = await request.get('/api/openapi.json');
    expect((await openapi.json()).paths).toHaveProperty(['/api/company']);

    await page.goto('/api/docs');
    await expect(page.getByText('LoRa IoT network console API').first()).toBeVisible();
  });

  test('console routes load the console application', async ({ page }) => {
    const response = await page.goto('/auth');
    expect(response?.status()).toBe(200);
    expect(await page.locator('script[type="module"]').first().getAttribute('src')).toMatch(/^\/console-assets\//);
  });

  test('the home page is the marketing site and unknown paths get its 404', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', /en|de/);
    const missing = await page.goto('/this-page-does-not-exist');
    expect(missing?.status()).toBe(404);
  });
});
