import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';
import { createApiKey, registerDevice, uniqueDevEui } from './support/console';

// The device page an operator debugs with (issue #14): uplinks with radio metadata and a log event
// of the network server arrive through the ingest API, as ChirpStack's HTTP integration posts them.

const ROOF = '0016c001f153a14c';
const MAST = 'e4e124dadef64eee';

/** ChirpStack v4's `up` event (JSON encoding) with two gateways' receptions. */
function uplink(devEui: string, fCnt: number, secondsAgo: number, [roofRssi, roofSnr]: [number, number]) {
  return {
    deduplicationId: crypto.randomUUID(),
    time: new Date(Date.now() - secondsAgo * 1000).toISOString(),
    deviceInfo: { devEui: devEui.toLowerCase(), deviceName: 'mast-sensor' },
    devAddr: '01a44c4c',
    adr: true,
    dr: 5,
    fCnt,
    fPort: 2,
    data: 'AQ==',
    object: { temperature: 20 + (fCnt % 10) / 2 },
    rxInfo: [
      { gatewayId: ROOF, rssi: roofRssi, snr: roofSnr, channel: 4 },
      { gatewayId: MAST, rssi: -109, snr: -4.25, channel: 4 },
    ],
    txInfo: { frequency: 867300000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
  };
}

async function post(request: APIRequestContext, key: string, event: string, body: object) {
  const response = await request.post(`/api/ingest/chirpstack?event=${event}`, { headers: { authorization: `Bearer ${key}` }, data: body });
  expect(response.status(), `${event}: ${await response.text()}`).toBe(200);
}

test('the device page shows frames with RSSI/SNR per gateway, the link-quality chart and a log event, and a new uplink without reload', async ({
  page,
  request,
}) => {
  await signUpAndOnboard(page, `Operations ${Date.now()}`);
  const devEui = uniqueDevEui('C0');
  await registerDevice(page, 'Mast sensor', devEui);

  const key = await createApiKey(page, 'chirpstack');

  await post(request, key, 'up', uplink(devEui, 101, 120, [-80, 7]));
  await post(request, key, 'up', uplink(devEui, 102, 60, [-68, 13.2]));
  await post(request, key, 'log', {
    time: new Date(Date.now() - 30_000).toISOString(),
    deviceInfo: { devEui: devEui.toLowerCase() },
    level: 'ERROR',
    code: 'UPLINK_MIC',
    description: 'MIC of join-request is invalid, make sure keys are correct',
    context: { deduplication_id: crypto.randomUUID() },
  });

  // From the list, a row opens the device's page.
  await page.goto('/devices');
  await page.getByRole('row', { name: /Mast sensor/ }).click();
  await expect(page).toHaveURL(/\/devices\/[^/]+\/show$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mast sensor' })).toBeVisible();

  const frames = page.getByRole('region', { name: 'Frames' });
  const newest = frames.getByRole('row').filter({ has: page.getByRole('cell', { name: '102', exact: true }) });
  await expect(newest).toContainText('0016C001F153A14C: -68 dBm / 13.2 dB');
  await expect(newest).toContainText('E4E124DADEF64EEE: -109 dBm / -4.25 dB');
  await expect(newest).toContainText('867.3 MHz');

  // The link-quality chart draws RSSI and SNR of the two frames.
  const chart = frames.getByRole('img', { name: 'Link quality: RSSI and SNR of the last 2 frames' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-line')).toHaveCount(2);

  const log = page.getByRole('region', { name: 'Events and network-server logs' }).getByRole('row', { name: /MIC of join-request is invalid/ });
  await expect(log).toContainText('Network-server log');
  await expect(log).toContainText('Error');
  await expect(log).toContainText('Message integrity (MIC)');

  // The topic's small chart, and the Edit button to the form.
  await expect(page.getByRole('img', { name: 'Recent values of temperature' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();

  // A new uplink appears without a reload.
  await post(request, key, 'up', uplink(devEui, 103, 0, [-71, 11]));
  await expect(frames.getByRole('cell', { name: '103', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(frames.getByRole('img', { name: 'Link quality: RSSI and SNR of the last 3 frames' })).toBeVisible();
});
