import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI also writes a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: process.env.VITEST_JSON_REPORT ?? 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
