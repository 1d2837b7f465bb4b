import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: `unit` (console, locales, marketing logic; jsdom), and `server` and
// `server-client` (API against a real database; scripts/test-server.mjs runs both once per database).
// Playwright specs live in tests/e2e and are deliberately outside every include.

/** Server tests that drive the API through the real browser SDK in jsdom (server-client below). */
const CLIENT_TESTS = 'tests/server/**/*.client.test.ts';

const serverTests = {
  environment: 'node',
  // Migrates one database per run; each test app starts on a copy of it.
  globalSetup: ['tests/server/helpers/migrated-database.ts'],
  // A safety net for a test that hangs, not a speed limit: tests wait on states, and some do a
  // fixed, large amount of work (the fuzz's 1,000+ requests, a 1,000-device import, two nodes
  // racing), which took 32 s on PostgreSQL while two CPU burners kept both cores busy (#20).
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Every core: the server tests wait on the database much of their time, and on two cores
    // vitest's default (cores − 1) ran one file at a time.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/admin/**/*.test.{ts,tsx}', 'tests/locales/**/*.test.ts', 'tests/marketing/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/admin/setup.ts'],
          // States are awaited (tests/admin/setup.ts); a safety net for a hang, far above what a
          // screen test takes on a busy machine (vitest's 5 s is not).
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, CLIENT_TESTS],
          // The files of a worker share one module graph: loading the server's modules again for
          // each file took most of the suite's CPU. Each test builds its own app and database, and
          // no server module keeps state between apps.
          isolate: false,
          ...serverTests,
        },
      },
      {
        extends: true,
        // The real supertokens-web-js client in a jsdom window: the SDK is a singleton of its
        // module graph that can be initialised once, so each of these files gets a graph of its own.
        test: { name: 'server-client', include: [CLIENT_TESTS], ...serverTests },
      },
    ],
  },
});
