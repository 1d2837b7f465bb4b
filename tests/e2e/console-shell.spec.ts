import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/onboarding';

// The console shell end to end against the production build on a fresh database .
test('sign up, onboard as an indirect customer in German, brand, search, sign out', async ({ page }) => {
  const company = `Testfirma ${Date.now()}`;

  // After sign-up the console goes to /settings, where onboarding starts.
  await signUp(page, uniqueEmail());
  const wizard = page.getByRole('dialog');
  await expect(wizard.getByText('Step 1 of 3')).toBeVisible();
  await wizard.getByLabel('Deutsch').check();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Step 1 → 2 switched the language at once.
  await expect(wizard.getByText('Schritt 2 von 3')).toBeVisible();
  await wizard.getByRole('radio', { name: /Indirekter Kunde/ }).check();
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  const complete = wizard.getByRole('button', { name: 'Abschließen' });
  await expect(complete).toBeDisabled();
  await wizard.getByLabel('Firmenname').fill(company);
  await complete.click();

  // The name form follows; then the console is in German.
  const names = page.getByRole('dialog', { name: 'Wie heißen Sie?' });
  await names.getByLabel('Vorname').fill('Erika');
  await names.getByLabel('Nachname').fill('Mustermann');
  await names.getByRole('button', { name: 'Speichern' }).click();
  await expect(names).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('tab', { name: 'Geräte' })).toBeVisible();
  // Multi-tenant mode: Companies is a main tab.
  await expect(page.getByRole('tab', { name: 'Firmen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Firma' })).toContainText(company);

  // Give the tenant created by onboarding its colour; the bar takes it.
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Mandanten' }).click();
  await expect(page).toHaveURL(/\/tenants$/);
  await page.getByRole('cell', { name: company }).click();
  await expect(page).toHaveURL(/\/tenants\/[0-9a-f-]+$/);
  await page.getByRole('textbox', { name: 'Hauptfarbe' }).fill('#3B82F6');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('top-bar')).toHaveCSS('background-color', 'rgb(59, 130, 246)');

  // Ctrl+K search finds the company and opens its filtered list.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog');
  await search.getByRole('combobox', { name: 'Suche' }).fill(company);
  await expect(search.getByText('Firmen')).toBeVisible();
  // The tenant carries the same name; groups come in the order companies, then tenants.
  await expect(search.getByText('Mandanten')).toBeVisible();
  await search.getByRole('option', { name: company }).first().click();
  await expect(page).toHaveURL(/\/companies\?filters=/);
  await expect(page.getByRole('cell', { name: company })).toBeVisible();

  // Sign out, then a guarded route sends to /auth.
  await page.getByRole('button', { name: 'Profilmenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

// Bundle discipline: the sign-in page downloads no dashboard, grid, chart, import or editor code.
test('the sign-in page loads no dashboard, grid, chart, import or code-editor chunks', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/auth', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  // Chunk names without their content hash (`Link-CSVU0Iak.js` is the Link chunk, not a CSV one).
  const names = scripts.map((script) => script.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
  expect(names.filter((name) => /Dashboard|WidgetGrid|Series|Chart|recharts|Import|papaparse|csv|Codec|codemirror/i.test(name))).toEqual([]);
});
