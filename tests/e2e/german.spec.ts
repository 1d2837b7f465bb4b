import { expect, test, type Page } from '@playwright/test';
import { enMessages } from '../../locales/en/console';
import { deMessages } from '../../locales/de/console';
import { createApiKey, uniqueDevEui } from './support/console';
import { signUpAndOnboard } from './support/onboarding';

type Messages = { [key: string]: string | Messages };

/** Every English text of the console that German says otherwise, as a whole-text pattern (placeholders match anything). */
function englishOnlyPatterns(): RegExp[] {
  const patterns: RegExp[] = [];
  const walk = (en: Messages, de: Messages | undefined) => {
    for (const [key, value] of Object.entries(en)) {
      const german = de?.[key];
      if (typeof value !== 'string') {
        walk(value, typeof german === 'object' ? german : undefined);
        continue;
      }
      if (value === german) continue;
      for (const variant of value.split('||||')) {
        const text = variant.trim();
        // Short or letterless texts ("OK", "ms", "—") say nothing about the language.
        if (text.replace(/%\{\w+\}/g, '').replace(/[^A-Za-z]/g, '').length < 4) continue;
        const escaped = text.split(/%\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        patterns.push(new RegExp(`^${escaped.join('.+?')}$`));
      }
    }
  };
  walk(enMessages as unknown as Messages, deMessages as unknown as Messages);
  return patterns;
}

/** The texts a reader meets on the page: text, and what buttons, inputs and icons are called. */
async function textsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style') || parent.getClientRects().length === 0) continue;
      const text = node.textContent?.trim();
      if (text) texts.add(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) texts.add(text);
      }
    }
    return [...texts];
  });
}

async function expectNoEnglish(page: Page, patterns: RegExp[]) {
  const english = (await textsOnPage(page)).filter((text) => patterns.some((pattern) => pattern.test(text)));
  expect(english).toEqual([]);
}

/** The body's background as an RGB lightness 0–255: dark mode paints it dark. */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
    return (r + g + b) / 3;
  });

// Issue #18 (Done when): German all the way on the devices list, its dates German, dark mode and the list's settings kept over a reload.
test('in German the devices list shows no English with pagination and a bulk selection, German dates, and dark mode survives a reload', async ({
  page,
  request,
}) => {
  // Sign-up, onboarding, an API key, five devices and three full page loads on a shared 2-core machine.
  test.setTimeout(180_000);
  const patterns = englishOnlyPatterns();
  expect(patterns.length).toBeGreaterThan(100);

  await signUpAndOnboard(page, `Deutsch ${Date.now()}`);
  const key = await createApiKey(page, 'Bulk');
  const companyId = await page.evaluate(() => window.localStorage.getItem('selectedCompanyId'));
  // The free plan's five devices, registered through the API at once.
  const devices = Array.from({ length: 5 }, (_, i) => ({
    dev_eui: uniqueDevEui(`D${i}`),
    app_key: '2b7e151628aed2a6abf7158809cf4f3c',
    name: `Sensor ${i + 1}`,
  }));
  const created = await request.post('/api/device/bulk/', {
    headers: { authorization: `Bearer ${key}` },
    data: { company_id: companyId, config: null, devices },
  });
  expect(created.status()).toBe(200);
  // One of them heard from, so the list has a date to show.
  const uplink = await request.post('/api/ingest/chirpstack?event=up', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      deduplicationId: crypto.randomUUID(),
      time: new Date().toISOString(),
      deviceInfo: { applicationId: crypto.randomUUID(), deviceName: 'sensor-1', devEui: devices[0].dev_eui.toLowerCase() },
      fCnt: 1,
      fPort: 2,
      data: 'AQ==',
      rxInfo: [{ gatewayId: '0016c001f153a14c', rssi: -71, snr: 9.5, channel: 4 }],
      txInfo: { frequency: 867300000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
    },
  });
  expect(await uplink.json()).toMatchObject({ status: 'stored' });

  await page.goto('/devices');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Two devices a page: three pages, sorted by name (the URL as react-admin writes it, with its filter).
  await page.goto(`/devices?${new URLSearchParams({ filter: '{}', order: 'ASC', page: '1', perPage: '2', sort: 'name' })}`);
  await expect(page.getByText('1-2 von 5')).toBeVisible();
  const first = page.getByRole('row', { name: /Sensor 1/ });
  await expect(first).toContainText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
  await expect(page.getByRole('row', { name: /Sensor 2/ })).toContainText('Nie');
  await first.getByRole('checkbox').check();
  await expect(page.getByText('Ein Element ausgewählt')).toBeVisible();
  await expectNoEnglish(page, patterns);

  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('3-4 von 5')).toBeVisible();
  await expectNoEnglish(page, patterns);

  // Dark mode, then a reload: still dark, still German, and the list as it was left (page, page size, sort).
  const light = await backgroundLightness(page);
  await page.getByRole('button', { name: 'Hell/Dunkel umschalten' }).click();
  await expect.poll(() => backgroundLightness(page)).toBeLessThan(light);
  await page.goto('/devices');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByText('3-4 von 5')).toBeVisible();
  await expect(page.getByRole('row', { name: /Sensor/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Sensor 3/ })).toBeVisible();
  expect(await backgroundLightness(page)).toBeLessThan(light);
  await expectNoEnglish(page, patterns);
});
