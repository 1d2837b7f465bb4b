import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// E2E runs against the real production build served by `node scripts/e2e-server.mjs`
// (same code path as `npm start`) on its own port and a fresh, throw-away data directory.
const port = Number(process.env.E2E_PORT ?? 8100);

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it, and test-results/ also holds the other suites' reports.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
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
    env: { PORT: String(port) },
  },
});
