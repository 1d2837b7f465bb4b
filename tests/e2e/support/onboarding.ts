import { expect, type Page } from '@playwright/test';

/** A fresh address per run, so tests never collide with an earlier user. */
export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signs a new user up through /auth/signup; the console then sends them to /settings to onboard. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/auth/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-42');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/settings$/);
}

/** Signs a new user up and onboards them as a direct customer in English. */
export async function signUpAndOnboard(page: Page, company: string, email = uniqueEmail()): Promise<{ email: string }> {
  await signUp(page, email);

  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('English').check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: /Direct customer/ }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Company name').fill(company);
  await wizard.getByRole('button', { name: 'Complete' }).click();

  const names = page.getByRole('dialog', { name: 'Tell us your name' });
  await names.getByLabel('First name').fill('Erika');
  await names.getByLabel('Last name').fill('Muster');
  await names.getByRole('button', { name: 'Save' }).click();
  await expect(names).toBeHidden();
  await expect(page.getByRole('button', { name: 'Company' })).toContainText(company);
  return { email };
}
