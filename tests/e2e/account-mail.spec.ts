import { expect, test } from '@playwright/test';
import { linkInMail } from './support/mail';
import { signUpAndOnboard, uniqueEmail } from './support/onboarding';

const NEW_PASSWORD = 'battery-staple-77';

test('a forgotten password is reset through the pages with the link from the mail', async ({ page, browser }) => {
  const { email } = await signUpAndOnboard(page, 'Reset Farms');

  const visitor = await browser.newContext();
  const pages = await visitor.newPage();
  await pages.goto('/auth');
  await pages.getByRole('link', { name: 'Forgot your password?' }).click();
  await pages.getByLabel('Email').fill(email);
  await pages.getByRole('button', { name: 'Send link' }).click();
  await expect(pages.getByText(/a link to reset its password is on its way/)).toBeVisible();

  await pages.goto(await linkInMail(email, /Reset your LoRa Console password/, '/auth/reset-password'));
  await pages.getByLabel('New password').fill(NEW_PASSWORD);
  await pages.getByRole('button', { name: 'Set password' }).click();
  await expect(pages.getByText(/Your password has been changed/)).toBeVisible();

  // The old session ended with the reset; the new password signs in.
  await page.reload();
  await expect(page).toHaveURL(/\/auth/);
  await pages.goto('/auth');
  await pages.getByLabel('Email').fill(email);
  await pages.getByLabel('Password').fill(NEW_PASSWORD);
  await pages.getByRole('button', { name: 'Sign in' }).click();
  await expect(pages).toHaveURL(/\/settings$/);
  await visitor.close();
});

test('an invite link opened without a session keeps its code through sign-up and joins the company', async ({ page, browser }) => {
  const company = `Invite Farms ${Date.now()}`;
  await signUpAndOnboard(page, company);
  const invitee = uniqueEmail();
  await page.goto('/companies');
  await page.getByRole('cell', { name: company }).click();
  await page.getByLabel('Invite by email').fill(invitee);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('table', { name: 'Pending invites' })).toContainText(invitee);

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  const invite = await linkInMail(invitee, /invites you/, '/companies');
  await guest.goto(invite);
  await expect(guest).toHaveURL(/\/auth\?redirectToPath=/);
  await guest.getByRole('link', { name: /Sign up/ }).click();
  await guest.getByLabel('Email').fill(invitee);
  await guest.getByLabel('Password').fill('correct-horse-42');
  await guest.getByRole('button', { name: 'Sign up' }).click();
  await expect(guest).toHaveURL(new RegExp(`${invite.replace(/[?]/g, '\\?')}$`));

  const wizard = guest.getByRole('dialog');
  await wizard.getByLabel('English').check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('radio', { name: /invite code/i })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Complete' }).click();
  const names = guest.getByRole('dialog', { name: 'Tell us your name' });
  await names.getByLabel('First name').fill('Ines');
  await names.getByLabel('Last name').fill('Invited');
  await names.getByRole('button', { name: 'Save' }).click();
  await expect(guest.getByRole('button', { name: 'Company' })).toContainText(company);
  await visitor.close();
});
