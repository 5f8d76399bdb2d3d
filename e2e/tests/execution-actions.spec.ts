import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";
import { chain } from "./workflows";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The detail list's value of `label` in the execution's status region. */
function detail(page: Page, label: string) {
  return page.getByRole("region", { name: "Execution status" }).locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

async function start(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const answer = await adminPost(request, "/executions", body);
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? answer.run_id : undefined;
  expect(typeof runId).toBe("number");
  return Number(runId);
}

function job(name: string, process: string[]) {
  return { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" };
}

test("a job held for manual release is released from its page and ends OK live", async ({ page, request }) => {
  const name = `E2E.HELD.${Date.now()}`;
  await adminPost(request, "/objects", job(name, ["echo released"]));
  const runId = await start(request, { objectName: name, executionOption: "once", once: { waitForManualRelease: true } });

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("Waiting for manual release");
  await expect(status.getByRole("img", { name: "Waiting" })).toBeVisible();

  // No reload from here on: the new states arrive through the event stream.
  await page.getByRole("button", { name: "Release" }).click();
  await expect(status).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(status.getByRole("img", { name: "Ended OK" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Release" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Restart" })).toBeVisible();
});

test("a running workflow is cancelled with its running task, and both end without a reload", async ({ page, request }) => {
  const stamp = Date.now();
  const task = `E2E.WF.SLEEP.${stamp}`;
  const workflow = `E2E.WF.${stamp}`;
  await adminPost(request, "/objects", job(task, ["sleep 30"]));
  await adminPost(request, "/objects", {
    data: {
      jobp: {
        general_attributes: { name: workflow, type: "JOBP" },
        workflow_attributes: {},
        workflow_definitions: [
          { line_number: "1", object_name: "START", object_type: "<START>", active: "1" },
          { line_number: "2", object_name: task, object_type: "JOBS", active: "1" },
          { line_number: "3", object_name: "END", object_type: "<END>", active: "1" },
        ],
        line_conditions: [
          { workflow_line_number: "2", line_number: "1", predecessor_line_number: "1" },
          { workflow_line_number: "3", line_number: "1", predecessor_line_number: "2" },
        ],
      },
    },
    path: "",
  });
  const runId = await start(request, { objectName: workflow, executionOption: "execute" });

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const status = page.getByRole("region", { name: "Execution status" });
  const tasks = page.getByRole("treegrid", { name: "Tasks" });
  const taskRow = tasks.getByRole("row").filter({ hasText: task });
  await expect(taskRow.getByRole("img", { name: "Active" })).toBeVisible({ timeout: 20_000 });
  await expect(taskRow).toContainText("1550");

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel execution ${runId}?` });
  await dialog.getByLabel("Also cancel running tasks").check();
  await dialog.getByRole("button", { name: "Cancel execution" }).click();
  await expect(dialog).toBeHidden();

  await expect(status).toContainText("ENDED_JP_CANCEL", { timeout: 20_000 });
  await expect(status.getByRole("img", { name: "Cancelled" })).toBeVisible();
  await expect(taskRow).toContainText("ENDED_CANCEL", { timeout: 20_000 });
  await expect(taskRow.getByRole("img", { name: "Cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restart" })).toBeVisible();

  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}workflow-detail.png`, fullPage: true });
});

test("a recurring start's period container runs until cancelled: no expected end or overrun, its next run, and a cancel that says no runs follow", async ({ page, request }) => {
  const name = `E2E.RECUR.${Date.now()}`;
  // A fixed ERT of 1 s: the container is activated with its object's ERT, which its lifetime soon exceeds many times over.
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name, ert_method: "FIXED", ert_fixed: "1" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo tick"] }] } }, path: "" });
  const runId = await start(request, { objectName: name, executionOption: "recurring", recurring: { executeInterval: "PT30M" } });
  const refusedAsks: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/bff/session/permissions") && response.status() >= 400) refusedAsks.push(`${response.status()} ${response.url()}`);
  });

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("Period Container (C_PERIOD)");
  await expect(detail(page, "Expected end")).toHaveText("None: it runs until cancelled or its rule ends");
  // The first activation ran at the start; the next is planned 30 minutes after it.
  await expect(detail(page, "Next run")).toContainText(/\(starts in (29|30) min \d\d s\)/);
  await expect(detail(page, "Estimated runtime")).toHaveText("1 s per run");
  await expect(status.getByRole("progressbar", { name: "Runtime against the estimate" })).toHaveCount(0);
  await expect(status).not.toContainText("over the estimate");
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}period-container.png` });

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel execution ${runId}?` });
  await expect(dialog).toContainText(`${name} ends ENDED_CANCEL and no further runs will start`);
  await expect(dialog.getByLabel("Also cancel the run going on")).not.toBeChecked();
  await page.screenshot({ path: `${artifacts}period-container-cancel.png` });
  await dialog.getByRole("button", { name: "Cancel execution" }).click();
  await expect(dialog).toBeHidden();

  await expect(status).toContainText("ENDED_CANCEL", { timeout: 20_000 });
  await expect(detail(page, "End")).not.toHaveText("—");
  await expect(detail(page, "Expected end")).toHaveCount(0);
  await expect(detail(page, "Next run")).toHaveCount(0);
  await expect(status).not.toContainText("over the estimate");
  // Its planned run ended with it.
  const tasks = page.getByRole("treegrid", { name: "Tasks" });
  await expect(tasks.getByRole("row").filter({ hasText: "ENDED_CANCEL" })).toHaveCount(1);
  // The engine checks a period container's rights on type C_PERIOD, which the permissions endpoint cannot be asked about: the page does not ask.
  expect(refusedAsks).toEqual([]);
});

test("a restart the server refuses for its queue marks the Queue field with the server's words, and a corrected queue restarts", async ({ page, request }) => {
  const name = `E2E.RESTART.QUEUE.${Date.now()}`;
  await adminPost(request, "/objects", job(name, ["echo restarted"]));
  const runId = await start(request, { objectName: name, executionOption: "execute" });

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("region", { name: "Execution status" })).toContainText("ENDED_OK", { timeout: 30_000 });
  await page.getByRole("button", { name: "Restart" }).click();
  const dialog = page.getByRole("dialog", { name: `Restart execution ${runId}?` });
  const queue = dialog.getByRole("textbox", { name: "Queue" });
  await queue.fill("NO_SUCH_QUEUE");
  await dialog.getByRole("button", { name: "Restart" }).click();

  await expect(queue).toHaveAttribute("aria-invalid", "true");
  await expect(queue).toHaveAccessibleDescription("queue 'NO_SUCH_QUEUE' does not exist in client 100");
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}/restart-queue-refused.png` });
  // Changed, the field no longer says what the server said of the value sent.
  await queue.fill("CLIENT_QUEUE");
  await expect(queue).toHaveAttribute("aria-invalid", "false");
  await dialog.getByRole("button", { name: "Restart" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${runId}$`));
});

test("a workflow restarted from a line says its earlier tasks were not run again, not that someone set them inactive", async ({ page, request }) => {
  const prefix = `E2E.RESTART.LINE.${Date.now()}`;
  const first = `${prefix}.FIRST`;
  const second = `${prefix}.SECOND`;
  const third = `${prefix}.THIRD`;
  const workflow = `${prefix}.WF`;
  for (const name of [first, second, third]) await adminPost(request, "/objects", job(name, ["echo ran"]));
  await adminPost(request, "/objects", chain(workflow, [first, second, third]));
  const runId = await start(request, { objectName: workflow, executionOption: "execute" });

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("ENDED_OK", { timeout: 30_000 });
  await page.getByRole("button", { name: "Restart" }).click();
  const dialog = page.getByRole("dialog", { name: `Restart execution ${runId}?` });
  await dialog.getByRole("radio", { name: "From a task: that task and every later line" }).check();
  await dialog.getByRole("combobox", { name: "Task" }).click();
  await page.getByRole("option", { name: new RegExp(`^Line 3: `) }).click();
  await dialog.getByRole("button", { name: "Restart" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${runId}$`));
  await expect(status).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(status.getByLabel("Related executions")).toHaveText(`Restart 1 of RunID ${runId}, from line 3`);

  // The first task was recorded 1922 by the restart: its row says so, the code still there, no "manually".
  const tasks = page.getByRole("treegrid", { name: "Tasks" });
  const firstRow = tasks.getByRole("row").filter({ has: page.getByRole("link", { name: new RegExp(`^${escapeRegExp(first)} \\(`) }) });
  await expect(firstRow).toContainText("1922ENDED_INACTIVE - not run again: restarted from line 3");
  await expect(firstRow).not.toContainText("manually");
  await expect(tasks.getByRole("row").filter({ hasText: "ENDED_OK" })).toHaveCount(2);
  mkdirSync(artifacts, { recursive: true });
  await tasks.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${artifacts}restart-from-line-tasks.png` });

  // The graph's node says the same, in words that fit it and whole in its description.
  await page.getByRole("tab", { name: "Graph" }).click();
  const graph = page.getByRole("region", { name: "Workflow graph" });
  await expect(graph.getByTitle(new RegExp(`^${escapeRegExp(first)}, line 2, 1922 ENDED_INACTIVE - not run again: restarted from line 3, run \\d+`))).toContainText("1922Not rerun");
  await graph.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${artifacts}restart-from-line-graph.png` });

  // The task's own page too.
  await page.getByRole("tab", { name: "Tasks" }).click();
  await firstRow.getByRole("link").click();
  await expect(status).toContainText("1922ENDED_INACTIVE - not run again: restarted from line 3");
  await expect(status).not.toContainText("manually");
  await page.screenshot({ path: `${artifacts}restart-from-line-task-page.png` });
});
