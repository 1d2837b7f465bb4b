import { expect, test } from '@playwright/test';
import { watchViolations } from './support/csp';
import { signUpAndOnboard } from './support/onboarding';

const MARKETING = [
  '/',
  '/features/',
  '/pricing/',
  '/calculator/',
  '/imprint/',
  '/privacy/',
  '/tos/',
  '/de/',
  '/de/features/',
  '/de/pricing/',
  '/de/calculator/',
];

test('the marketing site in English and German runs under its policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of MARKETING) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.locator('main, h1').first()).toBeVisible();
  }
  await page.goto('/no-such-page/');
  await expect(page.locator('h1').first()).toBeVisible();

  // The inlined language redirect is allowed by its hash: a reader who chose German is sent from
  // the bare home page to the German one; an explicit English address stays as asked.
  await page.goto('/de/pricing/');
  // The visited page stores its language once hydrated; the bare home page then follows it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('de');
  await page.goto('/');
  await expect(page).toHaveURL(/\/de\/$/);
  await page.goto('/pricing/');
  await expect(page).toHaveURL(/\/pricing\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Gatsby's client-side navigation (page data over fetch, its scripts) under the same policy.
  await page.evaluate(() => localStorage.removeItem('language'));
  await page.goto('/');
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL(/\/pricing\/$/);
  expect(violations).toEqual([]);
});

test('the console signs in and shows its pages with styles under its nonce policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/auth');
  expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self' 'nonce-[^']+'/);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  // MUI's styles arrive as <style> elements carrying the nonce: a contained button has its theme colour.
  await expect(signIn).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  const { email } = await signUpAndOnboard(page, `CSP ${Date.now()}`);
  // Signing out ends on the sign-in page by itself: a second navigation there could abort its own
  // (net::ERR_ABORTED on a busy machine).
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-42');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  for (const path of ['/dashboard', '/devices', '/devices/create', '/gateways', '/profiles', '/templates', '/api-keys', '/info']) {
    await page.goto(path);
    await expect(page.getByTestId('top-bar')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  }

  // The codec editor (CodeMirror writes its own styles) on a profile copied from the store.
  await page.goto('/templates');
  await page.getByRole('textbox', { name: 'Search' }).fill('LHT65N');
  const row = page.getByRole('row', { name: /LHT65N/ });
  await row.getByRole('button', { name: 'Copy to my company' }).click();
  await expect(row.getByText('Already added')).toBeVisible();
  await page.goto('/profiles');
  await page.getByRole('cell', { name: 'Dragino LHT65N' }).click();
  await expect(page.getByText('function decodeUplink').first()).toBeVisible();
  await expect(page.locator('.cm-editor')).toHaveCSS('display', 'flex');
  expect(violations).toEqual([]);
});

test('the API docs page loads the document under its policy without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs/');
  await expect(page.getByText('LoRa IoT network console API').first()).toBeVisible();
  expect(violations).toEqual([]);
});
