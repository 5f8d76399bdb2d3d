import { expect, test, type Page } from "@playwright/test";
import { logInThroughForm } from "./login";

/** Replaces the editor's text by typing, line by line, as a user would. */
async function typeScript(page: Page, lines: readonly string[]): Promise<void> {
  const editor = page.getByRole("textbox", { name: "Script", exact: true });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await expect(editor).toHaveText("");
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(line);
  }
}

test("a script typed in the editor runs, its output and ENDED_OK arrive live; a broken one is refused with its line marked", async ({ page }) => {
  const marker = `e2e-script-${Date.now()}`;

  await page.goto("/login");
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Scripts" }).click();
  await expect(page).toHaveURL(/\/scripts$/);
  await expect(page.getByRole("heading", { name: "Scripts", level: 1 })).toBeVisible();

  await typeScript(page, [`! ${marker}`, ":SET &N# = 2 + 3", ':PRINT "sum is &N#"']);
  await page.getByRole("button", { name: "Run", exact: true }).click();

  // The run gets a URL; status and output arrive without a reload.
  await expect(page).toHaveURL(/\/scripts\?run=\d+$/);
  const runId = new URL(page.url()).searchParams.get("run") ?? "";
  const run = page.getByRole("region", { name: `Run ${runId}` });
  await expect(run.getByLabel("Script output", { exact: true })).toContainText("sum is 5");
  await expect(run.getByRole("status")).toContainText("ENDED_OK");
  await expect(run.getByRole("img", { name: "Ended OK" })).toBeVisible();
  await expect(run.getByRole("link", { name: `Open execution ${runId}` })).toHaveAttribute("href", `/executions/${runId}`);

  const recent = page.getByRole("table", { name: "Recent script runs" });
  const row = recent.getByRole("row").filter({ has: page.getByRole("link", { name: `Run ${runId}`, exact: true }) });
  await expect(row).toContainText("ENDED_OK");

  // A script that does not parse: nothing starts, the error is listed with its line and underlined.
  await typeScript(page, [':PRINT "before"', ":SETT &X# = 1"]);
  await page.keyboard.press("ControlOrMeta+Enter");
  const errors = page.getByRole("list", { name: "Script errors" });
  await expect(errors.getByRole("listitem")).toHaveCount(1);
  await expect(errors.getByRole("listitem")).toContainText(/^Line 2, column \d+: .+/);
  const editor = page.getByRole("textbox", { name: "Script", exact: true });
  await expect(editor.locator(".cm-lintRange-error")).toContainText("SETT");
  await expect(page).toHaveURL(new RegExp(`\\?run=${runId}$`));

  // The draft and the shown run survive a reload.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Script", exact: true })).toContainText(":SETT &X# = 1");
  await expect(page.getByRole("region", { name: `Run ${runId}` }).getByLabel("Script output", { exact: true })).toContainText("sum is 5");
});
