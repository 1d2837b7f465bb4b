// CSV import end to end in Debian Chromium: a 10,000-row file through the console's import page
// (worker parsing, batches of 500 to POST /api/device/bulk/, every row's state shown), against a
// baseline of one POST /api/device/ per row from the same page. Rows per second, wall clock.
// Usage: node bench/import.bench.mjs [base URL of a running instance, default http://localhost:8000] [rows]
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const base = (process.argv[2] ?? 'http://localhost:8000').replace(/\/$/, '');
const ROWS = Number(process.argv[3] ?? 10_000);
const BASELINE_ROWS = Math.min(ROWS, 1_000);
const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await (await browser.newContext()).newPage();
page.setDefaultTimeout(600_000);
const stamp = Date.now().toString(16).toUpperCase().slice(-8);
const eui = (prefix, n) => `${prefix}${stamp}${n.toString(16).toUpperCase().padStart(6, '0')}`.slice(0, 16).padEnd(16, '0');

// A new user and company, onboarded through the page, with one device profile.
await page.goto(`${base}/auth/signup`);
await page.getByLabel('Email').fill(`bench-${stamp}@example.com`);
await page.getByLabel('Password').fill('bench-pass-42');
await page.getByRole('button', { name: 'Sign up' }).click();
await page.waitForURL(/\/settings$/);
const wizard = page.getByRole('dialog');
await wizard.getByLabel('English').check();
await wizard.getByRole('button', { name: 'Next' }).click();
await wizard.getByRole('button', { name: 'Next' }).click();
await wizard.getByLabel('Company name').fill(`Bench ${stamp}`);
await wizard.getByRole('button', { name: 'Complete' }).click();
const names = page.getByRole('dialog', { name: 'Tell us your name' });
await names.getByLabel('First name').fill('Bench');
await names.getByLabel('Last name').fill('Mark');
await names.getByRole('button', { name: 'Save' }).click();
await names.waitFor({ state: 'hidden' });
await page.goto(`${base}/templates`);
await page.getByRole('textbox', { name: 'Search' }).fill('LHT65N');
await page
  .getByRole('row', { name: /LHT65N/ })
  .getByRole('button', { name: 'Copy to my company' })
  .click();
await page
  .getByRole('row', { name: /LHT65N/ })
  .getByText('Already added')
  .waitFor();

// Baseline: one request per device, 8 in flight, from the page (same session, same server).
const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
const baseline = await page.evaluate(
  async ({ companyId, euis, key }) => {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < euis.length) {
        const devEui = euis[next++];
        const response = await fetch('/api/device/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ company_id: companyId, dev_eui: devEui, app_key: key }),
        });
        if (response.status !== 201) throw new Error(`baseline: ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return performance.now() - started;
  },
  { companyId, euis: Array.from({ length: BASELINE_ROWS }, (_, i) => eui('B', i)), key: KEY },
);

// The import page with a file of ROWS devices.
const csv = ['Name;DevEUI;AppKey', ...Array.from({ length: ROWS }, (_, i) => `Sensor ${i};${eui('C', i)};${KEY}`)].join('\r\n');
await page.goto(`${base}/devices/import`);
await page.getByRole('button', { name: 'Next' }).click();
const parseStarted = Date.now();
await page.getByTestId('csv-file').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
await page
  .getByText(`${ROWS.toLocaleString('en').replace(/,/g, ',')} rows found`)
  .or(page.getByText(`${ROWS} rows found`))
  .waitFor();
const parseMs = Date.now() - parseStarted;
await page.getByLabel('Device configuration').click();
await page.getByRole('option', { name: 'Dragino LHT65N' }).click();
await page.getByRole('button', { name: 'Next' }).click();

// Main-thread responsiveness while importing: the longest gap between animation frames.
await page.evaluate(() => {
  window.__longestFrameGap = 0;
  let last = performance.now();
  const tick = (now) => {
    window.__longestFrameGap = Math.max(window.__longestFrameGap, now - last);
    last = now;
    if (!window.__stopFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
const started = Date.now();
await page.getByRole('button', { name: `Import ${ROWS} devices` }).click();
await page.waitForFunction((rows) => Number(document.querySelector('[data-testid="count-success"]')?.textContent) === rows, ROWS, {
  polling: 100,
  timeout: 600_000,
});
const importMs = Date.now() - started;
const longestGap = await page.evaluate(() => ((window.__stopFrames = true), window.__longestFrameGap));
await browser.close();

const perSecond = (rows, ms) => Math.round(rows / (ms / 1000)).toLocaleString('en');
console.log(
  `import page: ${ROWS} rows in ${(importMs / 1000).toFixed(1)} s = ${perSecond(ROWS, importMs)} rows/s (parsing in the worker: ${parseMs} ms; longest frame gap while importing: ${Math.round(longestGap)} ms)`,
);
console.log(
  `baseline, one POST /api/device/ per row, 8 in flight: ${BASELINE_ROWS} rows in ${(baseline / 1000).toFixed(1)} s = ${perSecond(BASELINE_ROWS, baseline)} rows/s`,
);
