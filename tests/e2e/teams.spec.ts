import { expect, test } from '@playwright/test';
import { signUpAndOnboard, uniqueEmail } from './support/onboarding';

// Issue #15: an admin invites a viewer, who reads but may not create a device; once removed, their next request fails.
test('a viewer cannot create a device and loses the company once removed', async ({ page, browser }) => {
  const company = `Teams ${Date.now()}`;
  await signUpAndOnboard(page, company);
  await page.goto('/companies');
  await page.getByRole('cell', { name: company }).click();

  const viewerEmail = uniqueEmail();
  await page.getByLabel('Invite by email').fill(viewerEmail);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await page.getByRole('button', { name: 'Invite' }).click();
  const invites = page.getByRole('table', { name: 'Pending invites' });
  await expect(invites).toContainText(viewerEmail);
  const code = ((await invites.getByTestId('invite-code').first().textContent()) ?? '').trim();

  // The viewer signs up with the invited address, in a browser of their own, and joins with the code.
  const theirs = await browser.newContext();
  const viewer = await theirs.newPage();
  await signUpAndOnboard(viewer, `Viewer's own ${Date.now()}`, viewerEmail);
  await viewer.goto('/companies');
  await viewer.getByRole('button', { name: 'Join with an invite code' }).click();
  await viewer.getByRole('textbox', { name: 'Invite code' }).fill(code);
  await viewer.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(viewer.getByRole('button', { name: 'Company' })).toContainText(company);

  // Devices: registering one is disabled, and the tooltip says why.
  await viewer.getByRole('link', { name: 'Devices' }).first().click();
  const register = viewer.getByRole('link', { name: 'Register a device' });
  await expect(register).toBeDisabled();
  await register.locator('..').hover();
  await expect(viewer.getByRole('tooltip')).toHaveText('Your role (Viewer) can only read here: this takes the Member role or higher.');

  // The admin removes the viewer.
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(viewerEmail) });
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).not.toContainText(viewerEmail);

  // The viewer's next request for the company fails; on reload the company is no longer theirs.
  await viewer.getByRole('link', { name: 'Users' }).first().click();
  // A former member is told "no such" (404), as for any company not theirs.
  await expect(viewer.getByText('The requested resource was not found.')).toBeVisible();
  await viewer.reload();
  await expect(viewer.getByRole('button', { name: 'Company' })).not.toContainText(company);
  await theirs.close();
});
