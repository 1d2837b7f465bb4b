import { expect, test, type Page } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

/** Named in OPERATOR_EMAILS by playwright.config.ts. */
const OPERATOR = 'operator@e2e.example';
const APP_KEY = '2b7e151628aed2a6abf7158809cf4f3c';

async function registerDevice(page: Page, name: string): Promise<void> {
  await page.goto('/devices/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/DevEUI/).fill(`A841${Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12)}`);
  await page.getByLabel(/AppKey/).fill(APP_KEY);
  await page.getByRole('button', { name: 'Save' }).click();
}

async function manage(operator: Page, company: string): Promise<void> {
  await operator.goto('/operator');
  await operator.getByLabel('Search by name').fill(company);
  await expect(operator.getByRole('row')).toHaveCount(2);
  await operator.getByRole('button', { name: `Manage ${company}` }).click();
}

// Issue #17: an operator suspends a company; its user sees why, reads but cannot change its data; the operator resumes it.
test('an operator suspends a company and resumes it, then moves it to Pro; its user sees the banner, is refused meanwhile, then sees Pro', async ({
  page,
  browser,
}) => {
  // Two users sign up and onboard in two browsers: more than one ordinary test's share of the time.
  test.slow();
  const company = `Suspended ${Date.now()}`;
  await signUpAndOnboard(page, company);
  // A customer has no back-office entry.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Operator' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const context = await browser.newContext();
  const operator = await context.newPage();
  await signUpAndOnboard(operator, `Platform ${Date.now()}`, OPERATOR);
  await operator.getByRole('button', { name: 'Profile menu' }).click();
  await operator.getByRole('menuitem', { name: 'Operator' }).click();
  await expect(operator).toHaveURL(/\/operator$/);
  await manage(operator, company);
  const dialog = operator.getByRole('dialog');
  // The company's one member, its owner, in the dialog.
  await expect(dialog.getByRole('region', { name: 'Members' })).toContainText('Owner');
  await dialog.getByLabel('Reason for the suspension').fill('Invoice 2026-11 unpaid');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByRole('row', { name: new RegExp(company) })).toContainText('Suspended');

  await page.reload();
  const banner = page.getByTestId('suspended-banner');
  await expect(banner).toContainText(`${company} is suspended`);
  await expect(banner).toContainText('Reason: Invoice 2026-11 unpaid');
  await expect(banner.getByRole('link', { name: OPERATOR })).toBeVisible();
  await registerDevice(page, 'Refused sensor');
  await expect(page.getByText('This company is suspended: its data can be read but not changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/create$/);
  // Reading still works.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('link', { name: 'Register a device' })).toBeVisible();

  await manage(operator, company);
  await operator.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
  await expect(operator.getByRole('row', { name: new RegExp(company) })).toContainText('Active');

  await page.reload();
  await expect(page.getByTestId('suspended-banner')).toHaveCount(0);
  await registerDevice(page, 'Welcome back sensor');
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('row', { name: /Welcome back sensor/ })).toBeVisible();

  // The operator moves the company to Pro with a device limit of its own; its user sees both on the usage page.
  await manage(operator, company);
  const plan = operator.getByRole('dialog');
  await plan.getByRole('combobox', { name: 'Plan' }).click();
  await operator.getByRole('option', { name: 'Pro' }).click();
  await plan.getByLabel('Device limit').fill('12');
  await plan.getByRole('button', { name: 'Save plan and limits' }).click();
  await expect(plan).toBeHidden();
  // The Users tab finds the operator, whose rights come from OPERATOR_EMAILS.
  await operator.getByRole('tab', { name: 'Users' }).click();
  await operator.getByLabel('Search by e-mail or name').fill(OPERATOR);
  await expect(operator.getByRole('row', { name: new RegExp(OPERATOR) })).toContainText('Operator (OPERATOR_EMAILS)');
  await context.close();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Usage' }).click();
  await expect(page.getByTestId('usage-plan')).toHaveText('Pro');
  await expect(page.getByRole('row', { name: 'Devices 1 of 12', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Data kept 366 days', exact: true })).toBeVisible();
});
