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
  await viewer.goto('/devices');
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

  // The viewer's next request for the company fails ("no such", as for any company not theirs),
  // and the console drops the company: the switcher moves to the viewer's own.
  const companyId = new URL(page.url()).pathname.split('/')[2];
  const refused = viewer.waitForResponse((response) => response.url().includes(`/api/company/${companyId}/`));
  await viewer.getByRole('button', { name: 'Profile menu' }).click();
  await viewer.getByRole('menuitem', { name: 'Users' }).click();
  expect((await refused).status()).toBe(404);
  await expect(viewer.getByRole('button', { name: 'Company' })).not.toContainText(company);
  await theirs.close();
});
