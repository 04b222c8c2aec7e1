import { defineConfig } from 'vitest/config';

/** API tests that instrument modules at load (OpenTelemetry), so need a module graph of their own. */
const TELEMETRY_TESTS = ['src/lib/telemetry/**/*.test.ts'];

// One runner for every layer; `npm run test:unit` and `npm run test:e2e` pick projects.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'locales',
          root: './packages/locales',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          exclude: [...TELEMETRY_TESTS, '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          // The API's files share no module state (no vi.mock; each builds its own app and
          // database), so the one worker imports Fastify, pg and the app once, not per file:
          // 339 s → 219 s for the project alone (ADR 0073).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tracing must patch pg before anything imports it: these files get a fresh module graph.
        test: {
          name: 'api-telemetry',
          root: './apps/api',
          include: TELEMETRY_TESTS,
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits for what a page shows; 1 s (the default) is less than a reload takes
          // on a loaded 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
