import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { spawnBaton } from "./baton-server";
import { ADMIN, basicAuth, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";
mkdirSync(shots, { recursive: true });

// The shared test server must stay up for the other specs: this test stops a server of its own,
// on the port after the shared one, with a data directory of its own.
const port = Number(process.env.E2E_PORT ?? 18480) + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "baton-e2e-not-live-"));

async function startServer(): Promise<ChildProcess> {
  const server = spawnBaton({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, BATON_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" });
  await expect.poll(() => fetch(`${base}/ae/api/v1/ping`).then((r) => r.status, () => 0), { timeout: 60_000 }).toBe(200);
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill();
  await exited;
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}/ae/api/v1/100${path}`, { method: "POST", headers: { authorization: basicAuth(ADMIN), "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  expect(response.status, `POST ${path}: ${text}`).toBe(200);
  return text === "" ? undefined : JSON.parse(text);
}

/** Lets the page finish the work a clock jump started (React renders after a message, which the fake clock leaves alone). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(null);
        channel.port2.postMessage(null);
      }),
  );
}

test("with the server stopped, a banner says the console is not live, the running time stops and a refresh keeps the page; with it back, the banner goes", async ({ page }) => {
  test.setTimeout(180_000);
  let server = await startServer();
  try {
    const name = `E2E.NOTLIVE.${Date.now()}`;
    await post("/objects", { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["sleep 600"] }] } }, path: "" });
    const { run_id: runId } = (await post("/executions", { objectName: name, executionOption: "execute" })) as { run_id: number };

    // The page's clock is the test's: it jumps forward to show whether the running time moves.
    await page.clock.install();
    await page.goto(`${base}/executions/${runId}`);
    await logInThroughForm(page);
    const summary = page.getByRole("region", { name: "Execution status" });
    await expect(summary).toContainText("1550");
    await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
    const banner = page.getByRole("status").filter({ hasText: "Not live" });
    await expect(banner).toHaveCount(0);
    const runtime = summary.locator("dt", { hasText: /^Runtime$/ }).locator("xpath=following-sibling::dd[1]");
    const live = await runtime.textContent();
    await page.clock.fastForward(30_000);
    await settled(page);
    expect(await runtime.textContent()).not.toBe(live);

    await stopServer(server);
    await expect(page.getByRole("status", { name: "Live updates: Reconnecting…" })).toBeVisible();
    await page.clock.fastForward(6_000);
    await expect(banner).toHaveText(/^Not live: the server cannot be reached since \d\d:\d\d:\d\d\. What you see may be out of date; it updates again when the connection is back\.$/);
    const frozen = await runtime.textContent();
    await page.clock.fastForward(30_000);
    await settled(page);
    expect(await runtime.textContent()).toBe(frozen);
    await expect(summary).toContainText("1550");
    await page.screenshot({ path: `${shots}/not-live-execution.png` });

    // A refresh that cannot reach the server keeps what the page shows and says so beside it.
    await page.getByRole("button", { name: "Refresh" }).click();
    const refreshFailed = page.getByRole("alert").filter({ hasText: `Could not refresh execution ${runId}; this shows the last answer.` });
    await expect(async () => {
      // Retries of the read wait on the (test's) clock.
      await page.clock.fastForward(5_000);
      await expect(refreshFailed).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(summary).toContainText("1550");
    await expect(page.getByRole("heading", { name: `Execution ${runId}` })).toBeVisible();
    await expect(page.getByText(`Could not load execution ${runId}`)).toHaveCount(0);
    await page.screenshot({ path: `${shots}/not-live-refresh-failed.png` });

    server = await startServer();
    // The stream's next try may wait on the (test's) clock.
    await page.clock.fastForward(31_000);
    await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible({ timeout: 20_000 });
    await expect(banner).toHaveCount(0);
    // The job ended with the server (its agent runs inside it): the console has read the run again.
    await expect(summary).not.toContainText("1550");
    await page.screenshot({ path: `${shots}/not-live-back.png` });
  } finally {
    await stopServer(server);
  }
});
