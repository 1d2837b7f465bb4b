import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: `unit` (console, locales, marketing logic; jsdom) and `server`
// (API against a real database; scripts/test-server.mjs runs it once per database).
// Playwright specs live in tests/e2e and are deliberately outside both includes.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/admin/**/*.test.{ts,tsx}', 'tests/locales/**/*.test.ts', 'tests/marketing/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/admin/setup.ts'],
          // States are awaited (tests/admin/setup.ts); a busy machine may need more than vitest's 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Migrates one database per run; each test app starts on a copy of it.
          globalSetup: ['tests/server/helpers/migrated-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
