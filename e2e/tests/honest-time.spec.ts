import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";
import { chain } from "./workflows";

const shots = "/tmp/e2e-shots";
const MINUTE = 60_000;


/** A job on the embedded agent whose ERT is fixed, so what the screens say does not hang on this machine's speed. */
function job(name: string, process: string[], ertSeconds: number) {
  return { data: { jobs: { general_attributes: { name, ert_method: "FIXED", ert_fixed: String(ertSeconds) }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" };
}

async function start(request: APIRequestContext, body: unknown): Promise<number> {
  const started = await adminPost(request, "/executions", body);
  const runId = typeof started === "object" && started !== null && "run_id" in started ? Number(started.run_id) : Number.NaN;
  expect(runId).toBeGreaterThan(0);
  return runId;
}

async function getJson(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(`/ae/api/v1/100${path}`, { headers: { authorization: basicAuth(ADMIN) } });
  expect(response.status()).toBe(200);
  return response.json();
}

/** A member of a JSON object the API answered; undefined when it is no object or lacks it. */
function member(value: unknown, key: string): unknown {
  const found: unknown = typeof value === "object" && value !== null ? Object.entries(value).find(([name]) => name === key)?.[1] : undefined;
  return found;
}

/** The detail list's value of `label` in the execution's status region. */
function detail(page: Page, label: string) {
  return page.getByRole("region", { name: "Execution status" }).locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

test.beforeAll(() => mkdirSync(shots, { recursive: true }));

test("a workflow planned for later shows its planned start, a live ETA and the ERT of its work, not the time since activation", async ({ page, request }) => {
  const prefix = `E2E.HT.${Date.now()}`;
  await adminPost(request, "/objects", job(`${prefix}.EXTRACT`, ["echo extract"], 4));
  await adminPost(request, "/objects", job(`${prefix}.LOAD`, ["echo load"], 10));
  await adminPost(request, "/objects", chain(`${prefix}.WF`, [`${prefix}.EXTRACT`, `${prefix}.LOAD`]));
  const runId = await start(request, { objectName: `${prefix}.WF`, executionOption: "once", once: { executionDateTime: isoSeconds(Date.now() + 10 * MINUTE) } });

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto(`/executions/${runId}`);
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("Waiting for start time");
  const planned = detail(page, "Planned start");
  await expect(planned).toContainText(/\(starts in (9|10) min \d\d s\)/);
  // Counted live: the ETA moves on without a reload.
  const first = await planned.textContent();
  await expect(planned).not.toHaveText(first ?? "");
  // 4 s then 10 s of work, whatever the time it waits.
  await expect(detail(page, "Estimated runtime")).toHaveText("14 s");
  await expect(detail(page, "Runtime")).toHaveText("Not started yet");
  await expect(detail(page, "Expected end")).toContainText(/\(in (9|10) min \d\d s\)/);
  // A time says in its title which zone it is shown in (the browser's) and the offset then.
  await expect(detail(page, "Activation").locator("time")).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \((.+, )?UTC[+-]\d\d:\d\d\)$/);
  await page.screenshot({ path: `${shots}/honest-time-waiting-workflow.png` });

  await page.getByRole("tab", { name: "Gantt" }).click();
  await expect(page).toHaveURL(/[?&]tab=gantt/);
  await expect(page.getByText("No task has been activated yet: the workflow is planned to start")).toBeVisible();
  await adminPost(request, `/executions/${runId}/status`, { action: "cancel", cancel: { recursive: true } });
});

test("a schedule task waiting for its time shows its planned start and its ERT", async ({ page, request }) => {
  const prefix = `E2E.HT.${Date.now()}`;
  await adminPost(request, "/objects", job(`${prefix}.TICK`, ["echo tick"], 7));
  const at = Date.now() + 2 * 60 * MINUTE;
  const schedule = `${prefix}.DAILY`;
  await adminPost(request, "/objects", {
    data: { jsch: { general_attributes: { name: schedule, type: "JSCH" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: `${prefix}.TICK`, start_time: isoSeconds(at).slice(11, 19) }] } },
    path: "",
  });
  const scheduleRun = await start(request, { objectName: schedule, executionOption: "execute" });
  let taskRun = 0;
  await expect
    .poll(async () => {
      const children = member(await getJson(request, `/executions/${scheduleRun}/children`), "data");
      const first: unknown = Array.isArray(children) ? children[0] : undefined;
      taskRun = Number(member(first, "run_id") ?? 0);
      return first;
    })
    .toMatchObject({ status: 1698, planned_start_time: isoSeconds(Math.floor(at / 1000) * 1000) });

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto(`/executions/${taskRun}`);
  await expect(page.getByRole("region", { name: "Execution status" })).toContainText("Waiting for start time");
  await expect(detail(page, "Planned start")).toContainText(/\(starts in (1 h 59 min|2 h 00 min)\)/);
  await expect(detail(page, "Estimated runtime")).toHaveText("7 s");
  await expect(page.getByRole("link", { name: `Part of schedule ${scheduleRun}` })).toBeVisible();
  await page.screenshot({ path: `${shots}/honest-time-schedule-task.png` });
  // The schedule's Tasks tab shows the task's planned start where a started task shows its start.
  await page.goto(`/executions/${scheduleRun}`);
  const taskRow = page.getByRole("treegrid", { name: "Tasks" }).getByRole("row").filter({ hasText: `${prefix}.TICK` });
  await expect(taskRow).toContainText(/planned \S/);
  await page.screenshot({ path: `${shots}/honest-time-schedule-tasks.png` });
  await adminPost(request, `/executions/${scheduleRun}/status`, { action: "cancel", cancel: { recursive: true } });
});

test("a blocked workflow says since when instead of a growing overrun, and a finished one has a Gantt of its task times", async ({ page, request }) => {
  const prefix = `E2E.HT.${Date.now()}`;
  await adminPost(request, "/objects", job(`${prefix}.PREP`, ["sleep 1"], 1));
  await adminPost(request, "/objects", job(`${prefix}.LOAD`, ["sleep 2"], 2));
  await adminPost(request, "/objects", job(`${prefix}.FAIL`, ["exit 3"], 5));
  await adminPost(request, "/objects", chain(`${prefix}.BLOCKS`, [`${prefix}.FAIL`, `${prefix}.LOAD`]));
  await adminPost(request, "/objects", chain(`${prefix}.WF`, [`${prefix}.PREP`, `${prefix}.LOAD`, `${prefix}.PREP`]));
  const blockedRun = await start(request, { objectName: `${prefix}.BLOCKS`, executionOption: "execute" });
  const finishedRun = await start(request, { objectName: `${prefix}.WF`, executionOption: "execute" });

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto(`/executions/${blockedRun}`);
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("Workflow is blocked", { timeout: 20_000 });
  await expect(detail(page, "Blocked since")).toContainText(/\(for \d+ s\)/);
  await expect(status).not.toContainText("over the estimate");
  await page.screenshot({ path: `${shots}/honest-time-blocked.png` });

  await expect.poll(async () => Number(member(await getJson(request, `/executions/${finishedRun}`), "status")), { timeout: 30_000 }).toBe(1900);
  await page.goto(`/executions/${finishedRun}?tab=gantt`);
  const gantt = page.getByRole("table", { name: "Task times" });
  const rows = gantt.getByRole("row").filter({ has: page.getByRole("img") });
  await expect(rows).toHaveCount(3);
  // In order of their start, each bar from start to end, with the one ERT of the task.
  await expect(rows.nth(0)).toHaveAccessibleName(new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.PREP, line 2, ENDED_OK, started \\d\\d:\\d\\d:\\d\\d, ran \\d s, ERT 1 s$`));
  await expect(rows.nth(1)).toHaveAccessibleName(/line 3, ENDED_OK, .*ERT 2 s$/);
  await expect(rows.nth(2)).toHaveAccessibleName(/line 4, ENDED_OK, .*ERT 1 s$/);
  await page.screenshot({ path: `${shots}/honest-time-gantt.png` });

  // The graph reads the same ERT for the same task.
  await page.getByRole("tab", { name: "Graph" }).click();
  await expect(page.getByRole("region", { name: "Workflow graph" }).getByText(/^ERT 2 s/)).toBeVisible();
  await adminPost(request, `/executions/${blockedRun}/status`, { action: "cancel", cancel: { recursive: true } });
});
