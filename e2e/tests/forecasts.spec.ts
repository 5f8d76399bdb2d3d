import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** START → FIRST → (LEFT, RIGHT) → END: three jobs on LOCAL, two of them side by side. */
async function importWorkflow(request: APIRequestContext, prefix: string): Promise<{ workflow: string; jobs: string[] }> {
  const jobs = ["FIRST", "LEFT", "RIGHT"].map((name) => `${prefix}.${name}`);
  for (const name of jobs) {
    await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo planned"] }] } }, path: "" });
  }
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
