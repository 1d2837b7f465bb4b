import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';

// Inviting a colleague by email and their joining with the code.
test('invite a user and join with the code as that user', async ({ page, browser }) => {
  const company = `Acme ${Date.now()}`;
  await signUpAndOnboard(page, company);
  await page.goto('/companies');
  await page.getByRole('cell', { name: company }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('You');

  const colleague = `colleague-${Date.now()}@example.com`;
  await page.getByLabel('Invite by email').fill(colleague);
  await page.getByRole('button', { name: 'Invite' }).click();
  const invites = page.getByRole('table', { name: 'Pending invites' });
  await expect(invites).toContainText(colleague);
  const code = ((await invites.getByTestId('invite-code').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

  // The colleague, in a browser of their own, signs up and joins with the code.
  const theirs = await browser.newContext();
  const other = await theirs.newPage();
  await signUpAndOnboard(other, `Colleague's own ${Date.now()}`, colleague);
  await other.goto('/companies');
  await other.getByRole('button', { name: 'Join with an invite code' }).click();
  await other.getByRole('textbox', { name: 'Invite code' }).fill(code);
  await other.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(other.getByRole('button', { name: 'Company' })).toContainText(company);
  await expect(other.getByRole('cell', { name: company })).toBeVisible();
  await theirs.close();

  // The inviter sees the new member and no pending invite.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(colleague);
  await expect(page.getByText('No pending invites.')).toBeVisible();
});
