import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { adminPost, basicAuth, ADMIN, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";

function job(name: string, process: string[]) {
  return { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" };
}

/** START(1) → A(2) → B(3) → D(5) → END(6), A(2) → C(4) → END. */
function workflow(name: string, [a, b, c, d]: readonly string[]) {
  const line = (n: number, object: string, type = "JOBS") => ({ line_number: String(n), object_name: object, object_type: type, active: "1" });
  const after = (to: number, from: number, n = 1) => ({ workflow_line_number: String(to), line_number: String(n), predecessor_line_number: String(from) });
  return {
    data: {
      jobp: {
        general_attributes: { name, type: "JOBP" },
        workflow_attributes: {},
        workflow_definitions: [line(1, "START", "<START>"), line(2, a ?? ""), line(3, b ?? ""), line(4, c ?? ""), line(5, d ?? ""), line(6, "END", "<END>")],
        line_conditions: [after(2, 1), after(3, 2), after(4, 2), after(5, 3), after(6, 4), after(6, 5, 2)],
      },
    },
    path: "",
  };
}

async function status(request: APIRequestContext, runId: number): Promise<number> {
  const response = await request.get(`/ae/api/v1/100/executions/${runId}`, { headers: { authorization: basicAuth(ADMIN) } });
  return Number(((await response.json()) as { status: number }).status);
}

async function children(request: APIRequestContext, runId: number): Promise<{ run_id: number; name: string }[]> {
  const response = await request.get(`/ae/api/v1/100/executions/${runId}/children`, { headers: { authorization: basicAuth(ADMIN) } });
  return ((await response.json()) as { data: { run_id: number; name: string }[] }).data;
}

/** The Tasks tab's row of a task, by its object name. */
const taskRow = (page: Page, name: string): Locator => page.getByRole("treegrid", { name: "Tasks" }).getByRole("row").filter({ hasText: name });

test("a failed workflow reruns its failed task and what is downstream of it, then restarts from a task: the dialog says which tasks run, the run shows it", async ({ page, request }) => {
  const stamp = Date.now();
  const [a, b, c, d] = ["A", "B", "C", "D"].map((t) => `E2E.RC.${stamp}.${t}`) as [string, string, string, string];
  const flow = `E2E.RC.${stamp}.FLOW`;
  const fixed = join(tmpdir(), `e2e-recovery-fixed-${stamp}`);
  rmSync(fixed, { force: true });
  for (const name of [a, c, d]) await adminPost(request, "/objects", job(name, [`echo ${name}`]));
  await adminPost(request, "/objects", job(b, [`if [ ! -f ${fixed} ]; then echo 'input missing'; exit 2; fi`, "echo fixed"]));
  await adminPost(request, "/objects", workflow(flow, [a, b, c, d]));

  // B fails, the workflow blocks; the operator cancels it, then fixes what B needs.
  const first = Number(((await adminPost(request, "/executions", { objectName: flow, executionOption: "execute" })) as { run_id: number }).run_id);
  await expect.poll(() => status(request, first), { timeout: 30_000 }).toBe(1560);
  await adminPost(request, `/executions/${first}/status`, { action: "cancel", cancel: { recursive: true } });
  await expect.poll(() => status(request, first), { timeout: 20_000 }).toBe(1851);
  writeFileSync(fixed, "");

  await page.goto(`/executions/${first}`);
  await logInThroughForm(page);
  await page.getByRole("button", { name: "Restart", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Restart execution ${first}?` });
  const plan = dialog.getByRole("status", { name: "What will run" });
  await expect(plan).toContainText(`Workflow ${flow} runs again as a whole`);

  // The preset picks the failed task; only it and what follows it run, the parallel C keeps its result.
  await dialog.getByRole("button", { name: `Restart from the failed task (${b}, line 3)` }).click();
  await expect(plan).toContainText("the tasks from line 3");
  await dialog.getByRole("radio", { name: /A task and everything downstream of it/ }).check();
  await expect(plan).toContainText(`task ${b} (line 3) and the tasks downstream of it run again; 2 tasks are not run again (1922)`);
  // D was activated with the run and ended with it, cancelled before its turn came.
  await expect(plan.getByRole("region", { name: "Runs again" })).toHaveText(new RegExp(`Line 3: ${b}.*1800 ENDED_NOT_OK.*Line 5: ${d}.*1851 ENDED_JP_CANCEL`));
  await expect(plan.getByRole("region", { name: "Not run again (1922)" })).toHaveText(new RegExp(`Line 2: ${a}.*1900.*Line 4: ${c}.*1900`));
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/recovery-downstream-dialog.png` });

  await dialog.getByRole("button", { name: "Restart", exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${first}$`));
  const second = Number(/\/executions\/(\d+)/.exec(page.url())?.[1]);
  const executionStatus = page.getByRole("region", { name: "Execution status" });
  await expect(executionStatus).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(taskRow(page, b)).toContainText("1900");
  await expect(taskRow(page, d)).toContainText("1900");
  await expect(taskRow(page, a)).toContainText("1922");
  await expect(taskRow(page, c)).toContainText("1922");
  await page.screenshot({ path: `${shots}/recovery-downstream-run.png` });

  // From a task: C's line and every later line run again (D too), A and B do not.
  await page.getByRole("button", { name: "Restart", exact: true }).click();
  const again = page.getByRole("dialog", { name: `Restart execution ${second}?` });
  await again.getByRole("radio", { name: "From a task: that task and every later line" }).check();
  await again.getByRole("combobox", { name: "Task" }).click();
  await page.getByRole("option", { name: new RegExp(`^Line 4: ${c}`) }).click();
  const againPlan = again.getByRole("status", { name: "What will run" });
  await expect(againPlan.getByRole("region", { name: "Runs again" })).toHaveText(new RegExp(`Line 4: ${c}.*Line 5: ${d}`));
  await expect(againPlan.getByRole("region", { name: "Not run again (1922)" })).toHaveText(new RegExp(`Line 2: ${a}.*Line 3: ${b}`));
  await page.screenshot({ path: `${shots}/recovery-from-task-dialog.png` });
  await again.getByRole("button", { name: "Restart", exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${second}$`));
  await expect(executionStatus).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(taskRow(page, c)).toContainText("1900");
  await expect(taskRow(page, d)).toContainText("1900");
  await expect(taskRow(page, a)).toContainText("1922");
  await expect(taskRow(page, b)).toContainText("1922");
  await page.screenshot({ path: `${shots}/recovery-from-task-run.png` });

  // From the failed task's own page: the task and what is downstream of it, in a new run of its workflow.
  const failedTask = (await children(request, first)).find((t) => t.name === b);
  await page.goto(`/executions/${failedTask?.run_id ?? 0}`);
  await page.getByRole("button", { name: "Restart", exact: true }).click();
  const fromTask = page.getByRole("dialog", { name: `Restart execution ${failedTask?.run_id ?? 0}?` });
  await fromTask.getByRole("radio", { name: `This task and everything downstream of it, in a new run of workflow ${flow}` }).check();
  await expect(fromTask.getByText(`A new run of workflow ${flow} runs this task and what is downstream of it.`)).toBeVisible();
  await expect(fromTask.getByRole("status", { name: "What will run" }).getByRole("region", { name: "Runs again" })).toHaveText(new RegExp(`Line 3: ${b}.*Line 5: ${d}`));
  await page.screenshot({ path: `${shots}/recovery-task-page-dialog.png` });
  await fromTask.getByRole("button", { name: "Restart", exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/(${failedTask?.run_id ?? 0}|${second})$`));
  await expect(executionStatus).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(taskRow(page, b)).toContainText("1900");
  await expect(taskRow(page, d)).toContainText("1900");
  await expect(taskRow(page, a)).toContainText("1922");
  await expect(taskRow(page, c)).toContainText("1922");
  rmSync(fixed, { force: true });
});
