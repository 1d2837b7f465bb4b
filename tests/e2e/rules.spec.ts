import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';
import { createApiKey, registerDevice, uniqueDevEui } from './support/console';

/** An uplink as ChirpStack's HTTP integration posts it, `secondsAgo` before now. */
async function uplink(request: APIRequestContext, key: string, devEui: string, secondsAgo: number, temperature: number) {
  const response = await request.post('/api/ingest/chirpstack?event=up', {
    headers: { authorization: `Bearer ${key}` },
    data: { deviceInfo: { devEui }, fPort: 2, data: 'AQ==', time: new Date(Date.now() - secondsAgo * 1000).toISOString(), object: { temperature } },
  });
  expect(response.status()).toBe(200);
}

// Issue #23: "temperature above 25 for 1 minute on one device → notification and e-mail", fed by
// uplinks through the ingest API, fires once: the firing in the rule's history, the notification in the bell.
test('a rule on a device fires on uplinks that cross it: the firing in its history, the notification in the bell', async ({ page, request }) => {
  await signUpAndOnboard(page, `Rules ${Date.now()}`);
  const devEui = uniqueDevEui('C0');
  await registerDevice(page, 'Cold room', devEui);

  const key = await createApiKey(page, 'ingest');
  // A first value, so the form offers the device's topic with it.
  await uplink(request, key, devEui, 600, 20);

  await page.goto('/rules/create');
  await page.getByLabel(/^Name/).fill('Cold room too warm');
  await page.getByRole('combobox', { name: /^Applies to/ }).click();
  await page.getByRole('option', { name: 'One device' }).click();
  await page.getByRole('combobox', { name: 'Which' }).fill('Cold');
  await page.getByRole('option', { name: 'Cold room' }).click();
  await page.getByRole('combobox', { name: 'Topic' }).click();
  await page.getByRole('option', { name: 'temperature (now 20)' }).click();
  await page.getByRole('textbox', { name: 'Value', exact: true }).fill('25');
  await page.getByLabel('For at least (seconds)').fill('60');
  // Beside the notification to all members: an e-mail to them.
  await page.getByRole('button', { name: 'Add' }).last().click();
  await page
    .getByRole('combobox', { name: /^Action/ })
    .last()
    .click();
  await page.getByRole('option', { name: 'Send an e-mail' }).click();
  await page.getByRole('combobox', { name: /^To/ }).last().click();
  await page.getByRole('option', { name: 'All members of the company' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/rules\/[0-9a-f-]{36}$/);
  await expect(page.getByText('The rule has not fired yet.')).toBeVisible();

  // Above 25 for 70 seconds: fires once, on the second uplink.
  await uplink(request, key, devEui, 90, 26);
  await uplink(request, key, devEui, 20, 27.5);

  await page.reload();
  const history = page.getByRole('table').filter({ hasText: 'Cold room' });
  await expect(history.getByRole('row').filter({ hasText: 'Fired' })).toHaveCount(1);
  await expect(history).toContainText('temperature = 27.5');
  await expect(page.getByRole('combobox', { name: /^Action/ }).last()).toContainText('Send an e-mail');

  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('Cold room too warm: Cold room')).toBeVisible();
  await expect(page.getByText('The rule Cold room too warm fired for Cold room (temperature = 27.5).')).toBeVisible();

  await page.goto('/rules');
  await expect(page.getByRole('row').filter({ hasText: 'Cold room too warm' })).toContainText(/Firing since/);
});
