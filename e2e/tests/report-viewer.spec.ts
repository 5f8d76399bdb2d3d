import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

// 5,000 lines of 31 bytes in pages of at most 32 KiB cut at line ends (1,057 lines a page): 5 pages.
const LINES = 5_000;
const PAGES = 5;
const line = (i: number) => `line ${String(i).padStart(5, "0")} ${"x".repeat(20)}\n`;

test("a report of several pages opens at its last page, pages back, finds text on another page and downloads whole", async ({ page, request }) => {
  const name = `E2E.PAGES.${Date.now()}`;
  const process = [`i=0; while [ $i -lt ${LINES} ]; do printf "line %05d ${"x".repeat(20)}\\n" $i; i=$((i+1)); done`];
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" });
  const answer = await adminPost(request, "/executions", { objectName: name, executionOption: "execute" });
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? Number(answer.run_id) : Number.NaN;

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("region", { name: "Execution status" })).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(page.getByRole("tab", { name: /REP/ })).toHaveAttribute("aria-selected", "true");

  // The tail: the last page, found from the page count the server answers.
  const pages = page.getByRole("navigation", { name: "Report pages" });
  const report = page.getByLabel("REP report");
  await expect(pages).toContainText(`Page ${PAGES} of ${PAGES}`);
  await expect(report).toContainText(line(LINES - 1).trim());

  await pages.getByRole("button", { name: "First page" }).click();
  await expect(pages).toContainText(`Page 1 of ${PAGES}`);
  await expect(report).toContainText(line(0).trim());
  await expect(page).toHaveURL(/report_page=1/);

  // A line of page 3, searched from page 1: the search reads on to it.
  await page.getByLabel("Search in report").fill("line 02500");
  await page.getByLabel("Search in report").press("Enter");
  await expect(pages).toContainText(`Page 3 of ${PAGES}`);
  await expect(page.getByText("1 of 1 on page 3")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toBe(`${runId}-REP.txt`);
  expect(readFileSync(file, "utf8")).toBe(Array.from({ length: LINES }, (_, i) => line(i)).join(""));
});
