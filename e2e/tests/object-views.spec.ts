import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";


function flag(name: string, mode: "FAIL" | "OK") {
  return { data: { vara: { general_attributes: { name, type: "VARA" }, static_values: [{ key: "MODE", value1: mode }] } }, path: "" };
}

/** Starts `name` and waits through the REST API until the run has ended; answers its status. */
async function runToEnd(request: APIRequestContext, name: string): Promise<number> {
  const started = await adminPost(request, "/executions", { objectName: name, executionOption: "execute" });
  const runId = typeof started === "object" && started !== null && "run_id" in started ? Number(started.run_id) : Number.NaN;
  let status = 0;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/ae/api/v1/100/executions/${runId}`, { headers: { authorization: basicAuth(ADMIN) } });
        const body: unknown = await response.json();
        status = typeof body === "object" && body !== null && "status" in body ? Number(body.status) : 0;
        return status >= 1800;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return status;
}

test("a job's scripts read highlighted, its runs and their runtime trend follow live, and a workflow opens on its graph", async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  const prefix = `E2E.OBJVIEW.${Date.now()}`;
  const job = `${prefix}.LOAD`;
  const flagName = `${prefix}.FLAG`;
  const workflow = `${prefix}.WF`;
  await adminPost(request, "/objects", flag(flagName, "OK"));
  await adminPost(request, "/objects", {
    data: {
      jobs: {
        general_attributes: { name: job, type: "JOBS", title: "Loads the day", mrt_time: "600" },
        job_attributes: { agent: "LOCAL", unix_shell: "sh" },
        scripts: [
          { pre_process: ["! Which way the load goes", `:SET &MODE# = GET_VAR("${flagName}", "MODE")`] },
          { process: ['echo "loading in mode &MODE#"', "sleep 1", 'test "&MODE#" != "FAIL" || exit 3'] },
        ],
        object_variables: [{ name: "&TARGET#", value: "/tmp" }],
      },
    },
    path: "",
  });
  await adminPost(request, "/objects", {
    data: {
      jobp: {
        general_attributes: { name: workflow, type: "JOBP" },
        workflow_definitions: [
          { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
          { line_number: 2, object_name: job, object_type: "JOBS", row: 1, column: 2 },
          { line_number: 3, object_name: "END", object_type: "<END>", row: 1, column: 3 },
        ],
        line_conditions: [
          { workflow_line_number: 2, predecessor_line_number: 1 },
          { workflow_line_number: 3, predecessor_line_number: 2 },
        ],
      },
    },
    path: "",
  });
  const schedule = `${prefix}.NIGHTLY`;
  await adminPost(request, "/objects", {
    data: { jsch: { general_attributes: { name: schedule, type: "JSCH" }, schedule_attributes: { timezone: "Europe/Vienna" }, schedule_definitions: [{ line_number: "1", object_name: job, start_time: "06:30" }] } },
    path: "",
  });
  // Three runs one after the other (each started with the ERT the ones before gave), then one that fails.
  for (let i = 0; i < 3; i++) expect(await runToEnd(request, job)).toBe(1900);
  await adminPost(request, "/objects?overwrite_existing_objects=true", flag(flagName, "FAIL"));
  expect(await runToEnd(request, job)).toBe(1800);

  await page.goto(`/login?next=${encodeURIComponent(`/objects/${job}`)}`);
  await logInThroughForm(page);
  // Once logged in, these screens log no error or warning (the charts, the editors, the graph).
  const consoleProblems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") consoleProblems.push(`${message.type()}: ${message.text()}`);
  });
  await expect(page).toHaveURL(`/objects/${job}`);

  // The definition: labelled attributes, and the pages in the script language's colours.
  const jobAttributes = page.getByRole("region", { name: "Job attributes" });
  await expect(jobAttributes.getByRole("definition").first()).toHaveText("LOCAL");
  await expect(page.getByRole("region", { name: "General attributes" })).toContainText("10 min 00 s (600 s)");
  const pre = page.getByRole("textbox", { name: `Pre-process of ${job}` });
  await expect(pre.locator(".cm-script-statement")).toHaveText(":SET");
  await expect(pre.locator(".cm-script-function")).toHaveText("GET_VAR");
  await expect(pre.locator(".cm-script-comment")).toHaveText("! Which way the load goes");
  const process = page.getByRole("textbox", { name: `Process of ${job}` });
  await expect(process.locator(".cm-script-variable").first()).toHaveText("&MODE#");
  await expect(page.getByRole("table", { name: "Object variables" }).getByRole("row", { name: "&TARGET# /tmp" })).toBeVisible();
  await page.screenshot({ path: join(shots, "objects-definition-job.png"), fullPage: true });
  // Editing is one click away.
  await page.getByRole("region", { name: "Process" }).getByRole("link", { name: /^Edit process/ }).click();
  await expect(page).toHaveURL(/[?&]tab=edit/);
  await expect(page.getByRole("tab", { name: "Edit", selected: true })).toBeVisible();

  // Runs: its history newest first, and the trend of runtimes against the ERT.
  await page.getByRole("tab", { name: "Runs" }).click();
  await expect(page).toHaveURL(/[?&]tab=runs/);
  const runs = page.getByRole("table", { name: `Runs of ${job}` });
  await expect(runs.getByRole("row")).toHaveCount(5);
  await expect(runs.getByRole("row").nth(1)).toContainText("1800 ENDED_NOT_OK");
  await expect(page.getByRole("status").filter({ hasText: "Showing 4 of 4 runs, newest first" })).toBeVisible();
  const trend = page.getByRole("figure", { name: `Runtime trend of ${job}` });
  await expect(trend.locator(".recharts-bar-rectangle")).toHaveCount(4);
  await expect(trend).toContainText(/4 ended runs of .*: runtime.*; 1 ended not OK; ERT of the next run \d+ s\./);
  // The ERT line ends where the next run will start from, as the vendor's ERT diagram does.
  await expect(trend.getByText("next", { exact: true })).toBeVisible();
  // The ERT line (flat while the estimate holds, so it has no height to be "visible").
  await expect(trend.locator(".recharts-line-curve")).toHaveCount(1);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  // A run started elsewhere appears without reloading, and ends there too.
  await adminPost(request, "/objects?overwrite_existing_objects=true", flag(flagName, "OK"));
  await adminPost(request, "/executions", { objectName: job, executionOption: "execute" });
  await expect(runs.getByRole("row")).toHaveCount(6);
  await expect(runs.getByRole("row").nth(1)).toContainText("1900 ENDED_OK", { timeout: 30_000 });
  await expect(trend.locator(".recharts-bar-rectangle")).toHaveCount(5);
  await page.screenshot({ path: join(shots, "objects-runs.png"), fullPage: true });

  // A workflow opens on the graph its runs are drawn with; a task opens its object.
  await page.goto(`/objects/${workflow}`);
  await expect(page.getByRole("tab", { name: "Workflow", selected: true })).toBeVisible();
  const graph = page.getByRole("region", { name: "Workflow graph" });
  const task = graph.getByRole("group", { name: `${job}, JOBS, line 2` });
  await expect(task).toBeVisible();
  await page.screenshot({ path: join(shots, "objects-workflow-graph.png") });
  await page.getByRole("tab", { name: "Definition" }).click();
  await expect(page.getByRole("table", { name: "Tasks" }).getByRole("row", { name: `2 ${job} JOBS START Yes` })).toBeVisible();
  await page.getByRole("tab", { name: "Workflow" }).click();
  await task.click();
  await expect(page).toHaveURL(`/objects/${job}`);
  await expect(page.getByRole("heading", { level: 1, name: job })).toBeVisible();

  // Other types as forms: a schedule's tasks and a variable's values as tables, their objects one click away.
  await page.goto(`/objects/${schedule}`);
  await expect(page.getByRole("region", { name: "Schedule attributes" })).toContainText("Europe/Vienna");
  const tasks = page.getByRole("table", { name: "Schedule tasks" });
  await expect(tasks.getByRole("row", { name: `1 ${job} 06:30 Yes` })).toBeVisible();
  await page.screenshot({ path: join(shots, "objects-definition-schedule.png") });
  await page.goto(`/objects/${flagName}`);
  await expect(page.getByRole("tab", { name: "Runs" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Values" }).getByRole("row", { name: "MODE OK" })).toBeVisible();
  await page.getByRole("tab", { name: "JSON" }).click();
  await expect(page.getByRole("tabpanel", { name: "JSON" })).toContainText('"static_values"');
  await page.goto(`/objects/${schedule}`);
  await tasks.getByRole("link", { name: job }).click();
  await expect(page).toHaveURL(`/objects/${job}`);

  // The pages keep their colours in the dark theme.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.getByRole("textbox", { name: `Process of ${job}` }).locator(".cm-script-variable").first()).toHaveText("&MODE#");
  await page.screenshot({ path: join(shots, "objects-definition-job-dark.png") });
  expect(consoleProblems).toEqual([]);
});
