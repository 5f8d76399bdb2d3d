import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const SHOTS = "/tmp/e2e-shots";
mkdirSync(SHOTS, { recursive: true });


function job(name: string, process: string[]) {
  return { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" };
}

/** A workflow of `tasks` (object names, lines 2 on), each after <START> unless `after` names its predecessor line. */
function workflow(name: string, tasks: readonly string[], after: Readonly<Record<number, number>> = {}) {
  const end = tasks.length + 2;
  return {
    data: {
      jobp: {
        general_attributes: { name, type: "JOBP" },
        workflow_definitions: [
          { line_number: 1, object_name: "START", object_type: "<START>" },
          ...tasks.map((task, i) => ({ line_number: i + 2, object_name: task, object_type: "JOBS" })),
          { line_number: end, object_name: "END", object_type: "<END>" },
        ],
        line_conditions: Object.entries(after).map(([line, predecessor]) => ({ workflow_line_number: Number(line), predecessor_line_number: predecessor })),
      },
    },
    path: "",
  };
}

async function execute(request: APIRequestContext, name: string): Promise<number> {
  const answer = await adminPost(request, "/executions", { objectName: name, executionOption: "execute" });
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? Number(answer.run_id) : Number.NaN;
  expect(runId).toBeGreaterThan(0);
  return runId;
}

/** Waits until the execution's status is one of `statuses` (read through the REST API). */
async function waitForStatus(request: APIRequestContext, runId: number, statuses: readonly number[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/ae/api/v1/${ADMIN.client}/executions/${runId}`, { headers: { authorization: basicAuth(ADMIN) } });
        return statuses.includes(((await response.json()) as { status: number }).status);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function openList(page: Page, search: string): Promise<void> {
  await page.goto(`/executions${search}`);
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table", { name: "Executions" });
const rowOf = (page: Page, runId: number) => table(page).getByRole("row").filter({ has: page.getByRole("link", { name: `Execution ${runId}`, exact: true }) });

test("the list shows top-level runs, a workflow opens in place to its tasks, all runs on request, columns sort over the whole list", async ({ page, request }) => {
  const prefix = `E2E.TREE.${Date.now()}`;
  // EXTRACT takes a few seconds: the workflow is still running when it is opened in the list.
  await adminPost(request, "/objects", job(`${prefix}.EXTRACT`, ["sleep 4", "echo extract"]));
  await adminPost(request, "/objects", job(`${prefix}.LOAD`, ["echo load"]));
  await adminPost(request, "/objects", workflow(`${prefix}.WF`, [`${prefix}.EXTRACT`, `${prefix}.LOAD`], { 3: 2 }));
  const alone = await execute(request, `${prefix}.EXTRACT`);
  const flow = await execute(request, `${prefix}.WF`);

  await openList(page, `?name=${prefix}.*`);
  const workflowRow = rowOf(page, flow);
  await expect(workflowRow).toBeVisible();
  await expect(workflowRow).not.toContainText("ENDED_OK");
  await expect(rowOf(page, alone)).toBeVisible();
  // Top-level only: the workflow's tasks are not rows of their own, and the count says what is counted.
  await expect(table(page).getByRole("link", { name: `${prefix}.LOAD`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Showing 2 of 2 top-level runs" })).toBeVisible();

  // Open the workflow in place: its two tasks come under it, in flow order, one level down.
  await workflowRow.getByRole("button", { name: `Expand ${prefix}.WF (${flow})` }).click();
  // Live, through the event stream: LOAD comes in under the workflow when it starts, and both end without a reload.
  await expect(workflowRow).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(table(page).locator('tr[aria-level="2"]').filter({ hasText: `${prefix}.LOAD` })).toContainText("ENDED_OK");
  const names = table(page).locator("tbody tr[aria-level]").locator("a[title]");
  await expect(names).toHaveText([`${prefix}.WF`, `${prefix}.EXTRACT`, `${prefix}.LOAD`, `${prefix}.EXTRACT`]);
  await expect(table(page).locator('tr[aria-level="2"]')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/list-tree-expanded.png` });

  // Sorted by name over the whole list (the server's order), kept in the URL, said by aria-sort.
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table(page).locator('tbody tr[aria-level="1"] a[title]')).toHaveText([`${prefix}.EXTRACT`, `${prefix}.WF`]);
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(table(page).locator('tbody tr[aria-level="1"] a[title]')).toHaveText([`${prefix}.WF`, `${prefix}.EXTRACT`]);

  // Every execution, tasks too: a switch kept in the URL; a reload keeps both.
  await page.getByRole("checkbox", { name: "Show all (tasks too)" }).click();
  await expect(page).toHaveURL(/[?&]all=true(&|$)/);
  await expect(page.getByRole("checkbox", { name: "Show all (tasks too)" })).toBeChecked();
  // Each task is a row of its own: nothing opens, nothing is listed twice.
  await expect(table(page).getByRole("button", { name: /^Collapse / })).toHaveCount(0);
  await expect(table(page).locator('tbody tr[aria-level="1"] a[title]')).toHaveText([`${prefix}.WF`, `${prefix}.LOAD`, `${prefix}.EXTRACT`, `${prefix}.EXTRACT`]);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Show all (tasks too)" })).toBeChecked();
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("status").filter({ hasText: "Showing 4 of 4 executions" })).toBeVisible();
});

test("at 1280 x 800 the table shows whole statuses, types, durations, the user and many rows, with a one-line filter bar", async ({ page, request }) => {
  const prefix = `E2E.FIT.${Date.now()}`;
  await adminPost(request, "/objects", job(`${prefix}.BROKEN`, ["echo broken", "exit 3"]));
  await adminPost(request, "/objects", job(`${prefix}.FINE`, ["echo fine"]));
  const runs: number[] = [];
  for (let i = 0; i < 6; i++) runs.push(await execute(request, `${prefix}.${i % 2 === 0 ? "BROKEN" : "FINE"}`));
  for (const runId of runs) await waitForStatus(request, runId, [1800, 1900]);
  // A run planned for later waits for its start time; its Start cell says when it is planned to start.
  const later = new Date(Date.now() + 2 * 3600_000);
  later.setSeconds(0, 0);
  const planned = await adminPost(request, "/executions", { objectName: `${prefix}.FINE`, executionOption: "once", once: { executionDateTime: later.toISOString().replace(".000Z", "Z") } });
  const plannedRunId = typeof planned === "object" && planned !== null && "run_id" in planned ? Number(planned.run_id) : 0;

  await openList(page, `?name=${prefix}.*`);
  const hhmm = `${String(later.getHours()).padStart(2, "0")}:${String(later.getMinutes()).padStart(2, "0")}`;
  const waiting = rowOf(page, plannedRunId);
  await expect(waiting).toContainText(later.getDate() === new Date().getDate() ? `planned ${hhmm}` : "planned");
  // Its long status words take two lines rather than being cut, and its planned start fits its cell.
  const words = waiting.locator(".ExecutionsTable-statusWords");
  await expect(words).toHaveText("Waiting for start time");
  expect(await words.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
  expect(await waiting.getByRole("cell").nth(5).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const broken = rowOf(page, runs[0] ?? 0);
  const statusCell = broken.getByRole("cell").nth(1);
  await expect(statusCell).toContainText("ENDED_NOT_OK");
  // Nothing cut: each of these cells shows all its text.
  for (const [cell, text] of [
    [statusCell, "ENDED_NOT_OK"],
    [broken.getByRole("cell").nth(3), "JOBS"],
    [broken.getByRole("cell").nth(9), "ADMIN/ADMIN"],
  ] as const) {
    await expect(cell).toContainText(text);
    expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth), `${text} fits its cell`).toBe(true);
  }
  // The User column is on screen, without scrolling sideways.
  const user = page.getByRole("columnheader", { name: "User" });
  const box = await user.boundingBox();
  expect((box?.x ?? 2000) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
  expect(await page.locator(".ExecutionsTable-row").first().evaluate((row) => row.closest("div")?.scrollWidth === row.closest("div")?.clientWidth)).toBe(true);
  // One line of filters: the bar is no taller than one field and its padding.
  const bar = await page.getByRole("search", { name: "Filter executions" }).boundingBox();
  expect(bar?.height ?? 1000).toBeLessThanOrEqual(48);
  // Room for many rows: at least 12 whole rows of the table on the screen.
  const scroller = await table(page).locator("xpath=..").boundingBox();
  const header = await table(page).locator("thead").boundingBox();
  const row = await broken.boundingBox();
  const bottom = Math.min(800, (scroller?.y ?? 0) + (scroller?.height ?? 0));
  expect(Math.floor((bottom - (header?.y ?? 0) - (header?.height ?? 0)) / (row?.height ?? 100))).toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: `${SHOTS}/list-1280.png` });
  await adminPost(request, `/executions/${plannedRunId}/status`, { action: "cancel" });
});

test("a workflow's Tasks tab lists its ten tasks in flow order, the one waiting for a blocked predecessor among them", async ({ page, request }) => {
  const prefix = `E2E.FLOW.${Date.now()}`;
  await adminPost(request, "/objects", job(`${prefix}.OK`, ["echo ok"]));
  await adminPost(request, "/objects", job(`${prefix}.FAILS`, ["echo failing", "exit 2"]));
  // Lines 2-10 run after <START>; line 10 fails, so line 11, which follows it and was activated with the workflow, waits.
  const tasks = [...Array.from({ length: 8 }, () => `${prefix}.OK`), `${prefix}.FAILS`, `${prefix}.OK`];
  await adminPost(request, "/objects", workflow(`${prefix}.WF`, tasks, { 11: 10 }));
  const flow = await execute(request, `${prefix}.WF`);
  await waitForStatus(request, flow, [1560]);

  await page.goto(`/executions/${flow}?tab=tasks`);
  await logInThroughForm(page);
  const grid = page.getByRole("treegrid", { name: "Tasks" });
  const lines = grid.getByRole("row").locator('[role="gridcell"]:nth-child(3)');
  await expect(lines).toHaveText(["2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
  const waiting = grid.getByRole("row").filter({ hasText: /1700\s*Waiting for predecessor/ });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`${prefix}.OK`);
  await expect(waiting.locator('[role="gridcell"]:nth-child(3)')).toHaveText("11");
  // It has its RunID from the workflow's start and no runtime yet; its estimate is the one it was
  // activated with: none, as OK had not run before the workflow started.
  await expect(waiting.locator('[role="gridcell"]:nth-child(2)')).toHaveText(/^\d+$/);
  await expect(waiting.locator('[role="gridcell"]:nth-child(5)')).toHaveText(/^—\s*\/\s*—$/);
  await expect(grid.getByRole("row").filter({ hasText: "ENDED_NOT_OK" }).locator('[role="gridcell"]:nth-child(3)')).toHaveText("10");
  await expect(page.getByRole("status", { name: "Task counts" })).toContainText("1 waiting");
  await grid.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tasks-flow-order.png` });

  // The list shows the blocked workflow's "blocked since" where its end would be.
  await page.goto(`/executions?name=${prefix}.WF`);
  await expect(rowOf(page, flow)).toContainText("blocked");
  await page.screenshot({ path: `${SHOTS}/list-blocked.png` });
  await adminPost(request, `/executions/${flow}/status`, { action: "cancel" });
});
