import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";


const dialog = (page: Page) => page.getByRole("dialog", { name: "Quick open" });
const jumpTo = (page: Page) => dialog(page).getByRole("combobox", { name: "Jump to" });
const group = (page: Page, name: string) => dialog(page).getByRole("group", { name, exact: true });
const option = (page: Page, section: string, name: string | RegExp) => group(page, section).getByRole("option", { name });

test("Ctrl-K and Cmd-K open quick-open from any screen: an object by a word of its name, a run by its RunID, a screen by its name", async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  const stamp = Date.now();
  const word = `EXTRACT${stamp}`;
  const job = `E2E.QO.DAILY.${word}`;
  const longer = `E2E.QO.${word}.ORDERS.MONTHLY`;
  for (const name of [longer, job]) {
    await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name, title: "Quick-open test" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo quick"] }] } }, path: "" });
  }
  const started = await adminPost(request, "/executions", { objectName: job, executionOption: "execute" });
  const runId = typeof started === "object" && started !== null && "run_id" in started ? Number(started.run_id) : Number.NaN;

  await page.goto("/executions");
  await logInThroughForm(page);
  // The app bar says how.
  await expect(page.getByRole("button", { name: /Jump to… Ctrl K/ })).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");

  // An object, by a plain word of its name, in lower case: the arrows move, Enter opens.
  await page.keyboard.press("Control+k");
  await expect(jumpTo(page)).toBeFocused();
  await jumpTo(page).fill(word.toLowerCase());
  const objects = group(page, "Objects").getByRole("option");
  // The shorter name, where the word starts a part, comes first.
  await expect(objects).toHaveText([new RegExp(`^${job}`), new RegExp(`^${longer}`)]);
  await expect(option(page, "Objects", new RegExp(`^${job}`))).toHaveAttribute("aria-selected", "true");
  await expect(option(page, "Recent runs", new RegExp(`run ${runId}`))).toBeVisible();
  await page.screenshot({ path: `${shots}/quick-open-object.png` });
  await jumpTo(page).press("ArrowDown");
  await expect(option(page, "Objects", new RegExp(`^${longer}`))).toHaveAttribute("aria-selected", "true");
  await expect(jumpTo(page)).toHaveAttribute("aria-activedescendant", (await option(page, "Objects", new RegExp(`^${longer}`)).getAttribute("id")) ?? "");
  await jumpTo(page).press("ArrowUp");
  await jumpTo(page).press("Enter");
  await expect(page).toHaveURL(`/objects/${encodeURIComponent(job)}`);
  await expect(dialog(page)).toBeHidden();

  // A run, by its whole RunID, with Cmd-K: first in the list, its status in words.
  await page.keyboard.press("Meta+k");
  await jumpTo(page).fill(String(runId));
  const run = group(page, "Run").getByRole("option");
  await expect(run).toContainText(`${job} · run ${runId}`);
  await expect(run).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${shots}/quick-open-run.png` });
  await jumpTo(page).press("Enter");
  await expect(page).toHaveURL(`/executions/${runId}`);

  // Esc closes and leaves the screen as it was.
  await page.keyboard.press("Control+k");
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page).toHaveURL(`/executions/${runId}`);

  // A screen, opened from the app bar's button: its name, or a word it is known by.
  await page.getByRole("button", { name: /Jump to…/ }).click();
  await jumpTo(page).fill("git");
  await expect(group(page, "Screens").getByRole("option")).toHaveText([/^Repository/]);
  await jumpTo(page).fill("heal");
  await expect(option(page, "Screens", /^Health/)).toHaveAttribute("aria-selected", "true");
  await page.screenshot({ path: `${shots}/quick-open-screen.png` });
  await jumpTo(page).press("Enter");
  await expect(page).toHaveURL("/system/health");
});
