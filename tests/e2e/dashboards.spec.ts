import { expect, test, type Page } from '@playwright/test';
import { signUpAndOnboard } from './support/onboarding';
import { createApiKey, registerDevice, uniqueDevEui } from './support/console';
import { settled } from './support/settled';

/** Clicks the grid cell at a column and row (12 columns, 80 px rows with 12 px margins). */
async function clickCell(page: Page, column: number, row: number) {
  const grid = page.locator('.react-grid-layout');
  const box = await grid.boundingBox();
  if (!box) throw new Error('grid not shown');
  const columnWidth = box.width / 12;
  await grid.click({ position: { x: columnWidth * column + columnWidth / 2, y: 92 * row + 46 } });
}

/** Each widget's position (relative to the grid) and size, once the grid's moves have ended (it animates them). */
async function placements(page: Page) {
  await settled(page);
  const grid = await page.locator('.react-grid-layout').boundingBox();
  const result: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const type of ['SINGLE_VALUE', 'SERIES', 'TABLE']) {
    const box = await page.getByTestId(`widget-${type}`).boundingBox();
    if (!box || !grid) throw new Error(`${type} not shown`);
    result[type] = { x: Math.round(box.x - grid.x), y: Math.round(box.y - grid.y), width: Math.round(box.width), height: Math.round(box.height) };
  }
  return result;
}

// A dashboard with one widget of each type, fed by real uplinks, keeps its layout.
test('build a dashboard with one widget of each type, reload, and find the layout unchanged', async ({ page, request }) => {
  await signUpAndOnboard(page, `Dashboards ${Date.now()}`);
  const devEui = uniqueDevEui('B1');
  await registerDevice(page, 'Boiler', devEui);

  // Data arrives through the ingest API with an API key, as from ChirpStack.
  const key = await createApiKey(page, 'ingest');
  for (const [minutesAgo, temperature] of [
    [30, 20.5],
    [20, 21],
    [10, 21.5],
  ] as const) {
    const response = await request.post('/api/ingest/chirpstack?event=up', {
      headers: { authorization: `Bearer ${key}` },
      data: {
        deviceInfo: { devEui },
        fPort: 2,
        data: 'AQ==',
        time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        object: { temperature, humidity: 40 },
      },
    });
    expect(response.status()).toBe(200);
  }

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New dashboard' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Plant room');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

  const addWidget = async (column: number, row: number, type: string, configure: () => Promise<void>) => {
    await clickCell(page, column, row);
    const editor = page.getByRole('dialog', { name: 'New widget' });
    await editor.getByLabel('Type').click();
    await page.getByRole('option', { name: type }).click();
    await configure();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
  };
  const chooseDeviceAndTopic = async () => {
    const editor = page.getByRole('dialog', { name: 'New widget' });
    await editor.getByLabel('Device').fill('Boiler');
    await page.getByRole('option', { name: 'Boiler' }).click();
    await editor.getByLabel('Topic').click();
    await page.getByRole('option', { name: 'temperature' }).click();
  };

  await addWidget(0, 0, 'Single value', chooseDeviceAndTopic);
  await expect(page.getByTestId('single-value')).toHaveText('21.5');
  await addWidget(4, 0, 'Time series', chooseDeviceAndTopic);
  await expect(page.getByTestId('widget-SERIES').locator('.recharts-line')).toBeVisible();
  await addWidget(0, 4, 'Table', async () => {
    const editor = page.getByRole('dialog', { name: 'New widget' });
    await editor.getByLabel('Data source').click();
    await page.getByRole('option', { name: 'Devices matching a search' }).click();
    await editor.getByRole('textbox', { name: 'Search' }).fill('Boiler');
  });
  await expect(page.getByTestId('widget-TABLE')).toContainText('humidity');

  const before = await placements(page);
  // Each type got its own size: a chart and a table are wider than a single value.
  expect(before.SERIES?.width).toBeGreaterThan((before.SINGLE_VALUE?.width ?? 0) * 1.5);
  await page.reload();
  await expect(page.getByTestId('single-value')).toHaveText('21.5');
  await expect(page.getByTestId('widget-TABLE')).toContainText('temperature');
  expect(await placements(page)).toEqual(before);

  // Moving a widget by its title bar is saved too.
  const single = page.getByTestId('widget-SINGLE_VALUE');
  const start = await single.boundingBox();
  if (!start) throw new Error('widget not shown');
  await page.mouse.move(start.x + 20, start.y + 12);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(start.x + 20, start.y + 12 + step * 80);
  await page.mouse.up();
  // The grid compacts upwards, so the widget ends where the layout has room: anywhere but where it was.
  await expect.poll(async () => (await single.boundingBox())?.y ?? 0).not.toBe(start.y);
  const moved = await placements(page);
  // The move is saved as one update per widget the grid shifted: reload until all of them have landed.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('single-value')).toHaveText('21.5');
        return placements(page);
      },
      { timeout: 60_000 },
    )
    .toEqual(moved);
});
