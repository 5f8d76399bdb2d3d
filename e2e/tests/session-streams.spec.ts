import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";
mkdirSync(shots, { recursive: true });

/** Live connections one console session may hold (MAX_STREAMS_PER_SESSION of the backend). */
const STREAMS_PER_SESSION = 10;

test("a tab beyond the live connections its session may hold says so, and goes live once another lets one go", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await page.goto("/executions");
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();

  // The other tabs of the browser: the session's other streams, held open beside the first tab's.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  // Each answer stays referenced: fetch lets go of the connection of an answer it collects as garbage.
  const others: { controller: AbortController; answer: Response }[] = [];
  for (let i = 1; i < STREAMS_PER_SESSION; i++) {
    const controller = new AbortController();
    const answer = await fetch(`${baseURL}/bff/events`, { headers: { cookie }, signal: controller.signal });
    others.push({ controller, answer });
    expect(answer.status).toBe(200);
  }
  try {
    const tab = await context.newPage();
    await tab.goto("/executions");
    await expect(tab.getByTestId("who-am-i")).toBeVisible();
    const banner = tab.getByRole("status").filter({ hasText: "Not live" });
    await expect(banner).toHaveText(
      /^Not live: since \d\d:\d\d:\d\d, other console tabs of this browser hold all the live connections its session may have\. What you see may be out of date\. Close tabs you no longer need; this one connects again once one is closed\.$/,
      { timeout: 15_000 },
    );
    await expect(tab.getByRole("status", { name: "Live updates: Reconnecting…" })).toBeVisible();
    await tab.screenshot({ path: `${shots}/session-streams-full.png` });

    others.pop()?.controller.abort();
    await expect(tab.getByRole("status", { name: "Live updates: Live" })).toBeVisible({ timeout: 40_000 });
    await expect(banner).toHaveCount(0);
    await tab.screenshot({ path: `${shots}/session-streams-live-again.png` });
  } finally {
    for (const { controller } of others) controller.abort();
  }
});
