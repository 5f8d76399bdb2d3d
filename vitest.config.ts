import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/bff/src/**/*.test.ts", "apps/console/src/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Suites start real servers, agents and databases; two cores do not gain from more workers.
    maxWorkers: 2,
  },
});
