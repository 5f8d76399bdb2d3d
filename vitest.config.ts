import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/bff/src/**/*.test.ts", "apps/console/src/**/*.test.ts"],
    // The server's bundle, which the process tests start (testing/baton-process.ts).
    globalSetup: ["apps/bff/src/testing/build-server.global.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Suites start real servers, agents and databases; two cores do not gain from more workers.
    maxWorkers: 2,
    // Test files of a worker share its loaded modules: importing the engine anew for each of about
    // 290 files took some 300 s of the workers' time, shared 15 s. No test needs a module fresh.
    isolate: false,
  },
});
