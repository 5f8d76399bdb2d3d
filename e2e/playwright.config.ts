import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_AGENT_TOKEN } from "./tests/login";
import { E2E_REPOSITORY_ROOT } from "./tests/remotes";

const port = Number(process.env.E2E_PORT ?? 18480);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh data directory per run: nothing left over from earlier runs (habit 5).
const dataDir = mkdtempSync(join(tmpdir(), "baton-e2e-"));
mkdirSync(E2E_REPOSITORY_ROOT, { recursive: true });

/** The administrator the server bootstraps; tests/login.ts logs in with it. */
const ADMIN_PASSWORD = "e2e-Admin-Pass1";

/**
 * Runs against the built console served by the built server (`pnpm build` first; the `test`
 * script does it). Uses Debian's Chromium: no browser download.
 */
export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  reporter: "list",
  retries: 0,
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // As an operator who asked for less motion sees it (the console honours prefers-reduced-motion):
    // what the tests read is the same, and software rendering draws no transitions.
    reducedMotion: "reduce",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // An operator's laptop, 1280x800: every screen is tested at the size it is used at.
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "pnpm --dir .. --filter @baton/bff start",
    url: `${baseURL}/ae/api/v1/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BATON_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      BATON_AGENT_TOKEN: E2E_AGENT_TOKEN,
      // Local remotes only below this root, as an operator allows them.
      BATON_REPOSITORY_ROOTS: E2E_REPOSITORY_ROOT,
      // Historic metrics every 2 s, so that a test sees them move without waiting for a minute.
      BATON_METRICS_SAMPLE_MS: "2000",
    },
  },
});
