import { expect, test } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';
import { createApiKey, registerDevice, uniqueDevEui } from './support/console';

// Issue #22 "Live": the console's one live stream per tab changes a device's status on screen after
// an uplink, without a reload, and the bell counts the new notification. The data arrives through
// the ingest API with an API key, as ChirpStack's HTTP integration posts it.

/** How long the issue allows between the uplink and the change on screen. */
const LIVE_WITHIN_MS = 5_000;

test('a device’s status changes after an uplink without reload within 5 s; the bell count increments', async ({ page, request }) => {
  // Signing up, onboarding, registering and creating a key come first: slow on a loaded machine.
  test.slow();
  await signUpAndOnboard(page, `Live ${Date.now()}`);
  const devEui = uniqueDevEui('D2');
  await registerDevice(page, 'Cellar sensor', devEui);
  const key = await createApiKey(page, 'chirpstack');
  const post = async (event: string, body: object) => {
    const response = await request.post(`/api/ingest/chirpstack?event=${event}`, { headers: { authorization: `Bearer ${key}` }, data: body });
    expect(response.status(), await response.text()).toBe(200);
  };

  // The stream is open once its answer arrived; an uplink before that would show only after a refetch.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events/stream') && response.status() === 200);
  await page.goto('/devices');
  const row = page.getByRole('row', { name: /Cellar sensor/ });
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Unknown');
  const bell = page.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  // A reload would drop this mark: it must survive every change below.
  await page.evaluate(() => Object.assign(window, { liveMark: true }));
  await streamOpen;

  await post('up', {
    deduplicationId: crypto.randomUUID(),
    time: new Date().toISOString(),
    deviceInfo: { devEui: devEui.toLowerCase() },
    fPort: 1,
    data: 'AQ==',
  });
  await expect(row).not.toContainText('Never', { timeout: LIVE_WITHIN_MS });

  await post('status', { deviceInfo: { devEui: devEui.toLowerCase() }, batteryLevel: 9 });
  await expect(row).toContainText('Battery low', { timeout: LIVE_WITHIN_MS });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: LIVE_WITHIN_MS });
  await expect(bell).toContainText('1');

  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
});
