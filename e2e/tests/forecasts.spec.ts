import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const JOBS = ["FIRST", "LEFT", "RIGHT"] as const;

/** START → FIRST → (LEFT, RIGHT) → END: three jobs on LOCAL, two of them side by side, each running its `process`. */
async function importWorkflow(request: APIRequestContext, prefix: string, processOf: (job: (typeof JOBS)[number]) => string[] = () => ["echo planned"]): Promise<{ workflow: string; jobs: string[] }> {
  for (const job of JOBS) {
    await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name: `${prefix}.${job}` }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: processOf(job) }] } }, path: "" });
  }
  const jobs = JOBS.map((job) => `${prefix}.${job}`);
  const [first, left, right] = jobs;
  const workflow = `${prefix}.WF`;
  await adminPost(request, "/objects", {
    data: {
      jobp: {
        general_attributes: { name: workflow, type: "JOBP" },
        workflow_definitions: [
          { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
          { line_number: 2, object_name: first, object_type: "JOBS", row: 1, column: 2 },
          { line_number: 3, object_name: left, object_type: "JOBS", row: 1, column: 3 },
          { line_number: 4, object_name: right, object_type: "JOBS", row: 2, column: 3 },
          { line_number: 5, object_name: "END", object_type: "<END>", row: 1, column: 4 },
        ],
        line_conditions: [
          { workflow_line_number: 2, predecessor_line_number: 1 },
          { workflow_line_number: 3, predecessor_line_number: 2 },
          { workflow_line_number: 4, predecessor_line_number: 2 },
          { workflow_line_number: 5, predecessor_line_number: 3 },
          { workflow_line_number: 5, predecessor_line_number: 4 },
        ],
      },
    },
    path: "",
  });
  return { workflow, jobs };
}

test("a forecast asked for in the dialog is calculated and drawn, renamed and deleted, and agent gaps show free hours", async ({ page, request }) => {
  const prefix = `E2E.FCST.${Date.now()}`;
  const title = `Plan ${prefix}`;
  const { workflow, jobs } = await importWorkflow(request, prefix);
  mkdirSync(artifacts, { recursive: true });

  await page.goto("/login");
  await logInThroughForm(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Forecasts" }).click();
  await expect(page).toHaveURL(/\/forecasts$/);

  // Ask for the workflow, started at the next minute (the dialog's default start).
  await page.getByRole("button", { name: "New forecast" }).click();
  const dialog = page.getByRole("dialog", { name: "New forecast" });
  await expect(dialog.getByRole("radio", { name: "An object started at a time" })).toBeChecked();
  // Sent empty, the dialog itself says what is missing, at the field; the title may stay empty.
  await dialog.getByRole("button", { name: "Create forecast" }).click();
  await expect(dialog.getByLabel("Object name")).toHaveAccessibleDescription("Required: enter the name of the object to forecast.");
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription(/^Optional/);
  await expect(dialog.getByText("Refused")).toHaveCount(0);
  mkdirSync("/tmp/e2e-shots", { recursive: true });
  await page.screenshot({ path: "/tmp/e2e-shots/forecast-dialog-empty.png" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Object name").fill(workflow);
  await dialog.getByRole("button", { name: "Create forecast" }).click();
  await expect(dialog).toBeHidden();

  // The new forecast opens; it ends calculating on its own (the page re-reads it while it calculates).
  await expect(page).toHaveURL(/\/forecasts\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("region", { name: "Forecast summary" })).toContainText("Done", { timeout: 30_000 });

  // The Gantt: the workflow, then its tasks with an ERT bar each; names lead to the objects.
  const timeline = page.getByRole("region", { name: "Forecast timeline" });
  for (const name of [workflow, ...jobs]) {
    await expect(timeline.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/objects/${encodeURIComponent(name)}`);
    await expect(timeline.getByRole("img", { name: new RegExp(`^${escapeRegExp(name)}: `) })).toBeVisible();
  }
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByText("200 %")).toBeVisible();
  await page.screenshot({ path: `${artifacts}forecast-gantt.png`, fullPage: true });

  await page.getByRole("tab", { name: "Table" }).click();
  await expect(page).toHaveURL(/[?&]view=table/);
  await expect(page.getByRole("table", { name: "Forecast entries" }).getByRole("row")).toHaveCount(1 + 1 + jobs.length);

  // In the list, found by its title (the filter is in the URL), renamed, then deleted.
  await page.goto(`/forecasts?title=${encodeURIComponent(title)}`);
  const list = page.getByRole("table", { name: "Forecasts" });
  await expect(list.getByRole("row")).toHaveCount(2);
  const row = list.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Done");
  await row.getByRole("button", { name: /^Rename forecast/ }).click();
  const rename = page.getByRole("dialog", { name: /^Rename forecast/ });
  await rename.getByLabel("Title").fill(`${title} renamed`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  await page.getByLabel("Title").fill(`${title} renamed`);
  const renamed = list.getByRole("row").filter({ hasText: `${title} renamed` });
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: /^Delete forecast/ }).click();
  const confirm = page.getByRole("dialog", { name: /^Delete forecast \d+\?$/ });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No forecasts match")).toBeVisible();

  // Agent gaps over tomorrow (UTC), gaps of an hour or more: LOCAL has one at least that long.
  const tomorrow = new Date();
  tomorrow.setUTCHours(24, 0, 0, 0);
  const from = `${tomorrow.toISOString().slice(0, 19)}Z`;
  const to = `${new Date(tomorrow.getTime() + 86_400_000).toISOString().slice(0, 19)}Z`;
  await page.goto(`/forecasts/agents?from=${from}&to=${to}&min=PT1H`);
  const gaps = page.getByRole("region", { name: "Agent gaps" });
  const localLane = gaps.getByRole("list", { name: "Agent LOCAL" });
  await expect(localLane.getByRole("listitem", { name: /^Gap on LOCAL: .* \((\d+ h \d+ min|\d+ d \d+ h)\)/ }).first()).toBeVisible();
  await expect(page.getByLabel("Shortest gap")).toHaveText("1 h");
  await page.screenshot({ path: `${artifacts}forecast-agent-gaps.png`, fullPage: true });
});

test("a forecast of a blocked workflow gives the tasks behind the blocked task no time and says what they wait for", async ({ page, request }) => {
  // FIRST fails: LEFT and RIGHT, both after it, wait for an operator.
  const { workflow, jobs } = await importWorkflow(request, `E2E.FCST.BLOCKED.${Date.now()}`, (name) => (name === "FIRST" ? ["exit 3"] : ["echo planned"]));
  const [fails = "", ...behind] = jobs;
  const started = await adminPost(request, "/executions", { objectName: workflow, executionOption: "execute" });
  const runId = typeof started === "object" && started !== null && "run_id" in started ? Number(started.run_id) : Number.NaN;
  const headers = { authorization: basicAuth(ADMIN) };
  await expect.poll(async () => ((await (await request.get(`/ae/api/v1/100/executions/${runId}`, { headers })).json()) as { status: number }).status, { timeout: 30_000 }).toBe(1560);
  const asked = await adminPost(request, "/forecasts", { forecast_option: "execution", execution: { title: `Blocked ${workflow}`, run_id: runId, days: 1 } });
  const id = typeof asked === "object" && asked !== null && "forecast_id" in asked ? String(asked.forecast_id) : "";

  await page.goto(`/forecasts/${id}?view=table`);
  await logInThroughForm(page);
  await expect(page.getByRole("region", { name: "Forecast summary" })).toContainText("Done", { timeout: 30_000 });
  const table = page.getByRole("table", { name: "Forecast entries" });
  const rowOf = (name: string) => table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  for (const name of behind) {
    await expect(rowOf(name)).toContainText(`Waits for blocked task ${fails}`);
    await expect(rowOf(name).locator("time")).toHaveCount(0);
  }
  await expect(rowOf(workflow)).toContainText(`No end: waits for blocked task ${fails}`);
  await expect(rowOf(fails)).toContainText("1800");
  await expect(rowOf(fails).locator("time")).toHaveCount(2);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}forecast-blocked-table.png` });

  await page.getByRole("tab", { name: "Timeline" }).click();
  const timeline = page.getByRole("region", { name: "Forecast timeline" });
  for (const name of behind) {
    await expect(timeline.getByRole("img", { name: `${name}: Waits for blocked task ${fails}` })).toBeVisible();
    await expect(timeline.getByRole("img", { name: new RegExp(`^${escapeRegExp(name)}: \\d`) })).toHaveCount(0);
  }
  await page.screenshot({ path: `${artifacts}forecast-blocked-timeline.png` });
  await adminPost(request, `/executions/${runId}/status`, { action: "cancel", cancel: { recursive: true } });
});

test("the autoforecast says when it was computed and that it is recomputed automatically, in the list and on its page", async ({ page }) => {
  await page.goto("/forecasts?type=AFCST");
  await logInThroughForm(page);
  const row = page.getByRole("table", { name: "Forecasts" }).getByRole("row").filter({ hasText: "AUTOFORECAST" });
  await expect(row).toContainText(/Computed .* ago; recomputed automatically/);
  // The time names the zone it is shown in.
  await expect(row.getByText("Computed").locator("time")).toHaveAttribute("title", /\(.+UTC[+-]\d\d:\d\d\)$/);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}autoforecast-list.png` });
  await row.getByRole("link", { name: "AUTOFORECAST" }).click();
  const summary = page.getByRole("region", { name: "Forecast summary" });
  await expect(summary).toContainText(/Computed .* ago; recomputed automatically/);
  await page.screenshot({ path: `${artifacts}autoforecast-detail.png` });
});
