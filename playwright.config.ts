import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { reservePorts } from './scripts/free-port.mjs';

// E2E runs against the real production build served by `node scripts/e2e-server.mjs`
// (same code path as `npm start`) on its own ports and a fresh, throw-away data directory.
// The ports are whatever is free (or E2E_* when set): the runner picks them once, and the worker
// processes and servers it starts inherit them through the environment.
reservePorts('E2E_PORT', 'E2E_MQTT_PORT', 'E2E_NS_PORT', 'E2E_NS_MQTT_PORT');
const port = Number(process.env.E2E_PORT);
// The server's data directory, chosen once by the runner like the ports: specs read the mail the
// server writes to DATA_DIR/mail (no SMTP_URL: the embedded default) through E2E_DATA_DIR.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'lora-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it, and test-results/ also holds the other suites' reports.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Bounds on waiting for states, not speed targets: generous so a machine with both cores busy
  // (issue #20: the suite must pass while two CPU-bound processes run) finishes the long flows.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/version`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Companies start on Basic: the specs register more devices than Free's five (tests/server covers the limit).
    // The operator of operator.spec.ts signs up with the first address named here; the four users of
    // accessibility-routes.spec.ts with the others (so they reach /operator).
    env: {
      PORT: String(port),
      MQTT_PORT: String(process.env.E2E_MQTT_PORT),
      NEW_COMPANY_PLAN: 'basic',
      OPERATOR_EMAILS: ['operator@e2e.example', ...['en', 'de'].flatMap((l) => ['light', 'dark'].map((t) => `a11y-${l}-${t}@e2e.example`))].join(','),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
    },
  },
});
