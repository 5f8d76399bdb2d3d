import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The detail list's value of `label` in the execution's status region. */
function detail(page: Page, label: string) {
  return page.getByRole("region", { name: "Execution status" }).locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

function job(name: string, process: string[]) {
  return { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" };
}

function flag(name: string, mode: "FAIL" | "OK") {
  return { data: { vara: { general_attributes: { name, type: "VARA" }, static_values: [{ key: "MODE", value1: mode }] } }, path: "" };
}

/**
 * START, three branches of six jobs (rows 1 to 3, columns 2 to 7), a JOIN after all three and
 * END: 19 tasks. The fourth column of the middle branch is CHECK, which fails while the VARA says
 * FAIL; the last branch runs longest.
 */
async function setUpWorkflow(request: APIRequestContext, prefix: string): Promise<{ workflow: string; check: string; flagName: string }> {
  const flagName = `${prefix}.FLAG`;
  const check = `${prefix}.CHECK`;
  await adminPost(request, "/objects", flag(flagName, "FAIL"));
  await adminPost(request, "/objects", job(`${prefix}.QUICK`, ["echo quick", "sleep 1"]));
  await adminPost(request, "/objects", job(`${prefix}.SLOW`, ["echo slow", "sleep 2"]));
  await adminPost(request, "/objects", job(check, [`:SET &MODE# = GET_VAR("${flagName}", "MODE")`, 'echo "check says &MODE#"', 'test "&MODE#" != "FAIL" || exit 3']));
  await adminPost(request, "/objects", job(`${prefix}.JOIN`, ["echo joined"]));

  const definitions: Record<string, unknown>[] = [{ line_number: 1, object_name: "START", object_type: "<START>", row: 2, column: 1 }];
  const conditions: Record<string, unknown>[] = [];
  const branchEnds: number[] = [];
  let line = 2;
  for (const [row, object] of [[1, "QUICK"], [2, "QUICK"], [3, "SLOW"]] as const) {
    let previous = 1;
    for (let column = 2; column <= 7; column++) {
      const name = row === 2 && column === 4 ? check : `${prefix}.${object}`;
      definitions.push({ line_number: line, object_name: name, object_type: "JOBS", row, column });
      conditions.push({ workflow_line_number: line, predecessor_line_number: previous });
      previous = line++;
    }
    branchEnds.push(previous);
  }
  const join = line++;
  definitions.push({ line_number: join, object_name: `${prefix}.JOIN`, object_type: "JOBS", row: 2, column: 8 });
  for (const end of branchEnds) conditions.push({ workflow_line_number: join, predecessor_line_number: end });
  definitions.push({ line_number: line, object_name: "END", object_type: "<END>", row: 2, column: 9 });
  conditions.push({ workflow_line_number: line, predecessor_line_number: join });

  const workflow = `${prefix}.WF`;
  await adminPost(request, "/objects", { data: { jobp: { general_attributes: { name: workflow, type: "JOBP" }, workflow_definitions: definitions, line_conditions: conditions } }, path: "" });
  return { workflow, check, flagName };
}

test("a workflow's tree fills live, its graph marks the critical path, and a failed task is read, restarted and finishes the workflow", async ({ page, request }) => {
  test.setTimeout(180_000);
  const prefix = `E2E.INSIGHT.${Date.now()}`;
  const { workflow, check, flagName } = await setUpWorkflow(request, prefix);

  await page.goto("/login");
  await logInThroughForm(page);
  const started = await adminPost(request, "/executions", { objectName: workflow, executionOption: "execute" });
  const runId = typeof started === "object" && started !== null && "run_id" in started ? Number(started.run_id) : Number.NaN;
  expect(runId).toBeGreaterThan(0);

  // The one page load of the test: from here on everything arrives through the event stream.
  await page.goto(`/executions/${runId}`);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  const status = page.getByRole("region", { name: "Execution status" });
  const tree = page.getByRole("treegrid", { name: "Tasks" });
  const counts = page.getByRole("status", { name: "Task counts" });
  // Its type in words and code; a top-level run (parent 0) is part of nothing.
  await expect(status).toContainText("Workflow (JOBP)");
  await expect(status.getByRole("link", { name: /^Part of/ })).toHaveCount(0);

  // The tree fills while the workflow runs: active tasks first, then the branches end and CHECK fails.
  await expect(tree.getByRole("img", { name: "Active" }).first()).toBeVisible({ timeout: 20_000 });
  // The four lines after CHECK (the rest of its branch and JOIN), activated with the workflow, wait for it.
  await expect(counts).toHaveText("19 tasks: 14 ended OK, 4 waiting, 1 failed", { timeout: 60_000 });
  await expect(status).toContainText("Workflow is blocked");
  // A task's restart runs what the task ran: a fixed definition needs the workflow restarted.
  await expect(status).toContainText("a restart runs the definition the task ran");
  await expect(status).toContainText("A fix to the object's definition needs the workflow restarted instead");
  await expect(status).toContainText("None while blocked");
  const failedRow = tree.getByRole("row").filter({ has: page.getByRole("link", { name: new RegExp(`^${escapeRegExp(check)} \\(`) }) });
  await expect(failedRow.getByRole("img", { name: "Aborted" })).toBeVisible();
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: `${artifacts}workflow-insight-tree.png`, fullPage: true });

  // The ERT graph: tasks at their rows and columns, the critical path in words and on the tasks.
  await page.getByRole("tab", { name: "Graph" }).click();
  await expect(page).toHaveURL(/[?&]tab=graph/);
  const graph = page.getByRole("region", { name: "Workflow graph" });
  const legend = page.getByLabel("Critical path", { exact: true });
  await expect(legend).toContainText("START → QUICK → QUICK → CHECK → QUICK → QUICK → QUICK → JOIN → END");
  await expect(legend).toContainText("blocked");
  await expect(graph.getByText("Critical path", { exact: true })).toHaveCount(9);
  // The failed task: its status in a code and a word that fit, everything else in its tooltip.
  const checkNode = graph.getByTitle(new RegExp(`^${escapeRegExp(check)}, line \\d+, 1800 ENDED_NOT_OK.*, run \\d+(,|$)`));
  await expect(checkNode).toHaveCount(1);
  await expect(checkNode).toContainText("1800Aborted");
  // The rest of CHECK's branch and JOIN start only after an operator acts: no start time is guessed for them.
  await expect(graph.getByText("Waits for blocked task")).toHaveCount(4);
  await expect(graph.getByText(/^Starts ≈/)).toHaveCount(0);
  await expect(graph.getByTitle(new RegExp(`^${escapeRegExp(prefix)}\\.JOIN, line \\d+, waits for an operator to act on a blocked task`))).toHaveCount(1);
  await page.screenshot({ path: `${artifacts}workflow-insight-graph.png`, fullPage: true });
  await checkNode.hover();
  await page.screenshot({ path: `${artifacts}workflow-insight-graph-1280.png` });

  // The failed task, opened from the graph: its report says why.
  await graph.getByRole("link", { name: new RegExp(`^Open ${escapeRegExp(check)} \\(`) }).click();
  await expect(page).not.toHaveURL(new RegExp(`/executions/${runId}(\\?|$)`));
  await expect(status).toContainText("ENDED_NOT_OK");
  await expect(status).toContainText("Job (JOBS)");
  await expect(page.getByRole("tab", { name: /REP/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("REP report")).toContainText("check says FAIL");
  await page.getByLabel("Search in report").fill("fail");
  await expect(page.getByText("1 of 1 on the report")).toBeVisible();
  await page.screenshot({ path: `${artifacts}workflow-insight-report.png`, fullPage: true });

  // A note for whoever looks next, then the fix and the restart through the dialog.
  await page.getByRole("tab", { name: "Comments" }).click();
  await page.getByLabel("New comment").fill("Flag was FAIL; set to OK and restarted.");
  await page.getByRole("button", { name: "Add comment" }).click();
  await expect(page.getByRole("list", { name: "Comments" })).toContainText("Flag was FAIL; set to OK and restarted.");
  await expect(page.getByRole("tab", { name: "Comments (1)" })).toBeVisible();

  await adminPost(request, "/objects?overwrite_existing_objects=true", flag(flagName, "OK"));
  await page.getByRole("button", { name: "Restart" }).click();
  const dialog = page.getByRole("dialog", { name: /^Restart execution \d+\?$/ });
  await expect(dialog.getByLabel("Wait for manual release")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Restart" }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toContainText("Restart 1 of RunID");
  await expect(status).toContainText("ENDED_OK", { timeout: 30_000 });

  // Back to the workflow by its link: it goes on and ends OK.
  await status.getByRole("link", { name: `Part of workflow ${runId}` }).click();
  await expect(status).toContainText("ENDED_OK", { timeout: 60_000 });
  await expect(status.getByRole("img", { name: "Ended OK" })).toBeVisible();
  // Activated before the workflow had ever ended OK, it had no estimate: the engine's ERT answer, which for an ended run counts what ran, is not shown as one.
  await expect(detail(page, "Estimated runtime")).toHaveText("—");
  await expect(status.getByRole("progressbar", { name: "Runtime against the estimate" })).toHaveCount(0);
  // The restarted task counts once, by its restart; its failed run stays in the tree.
  await expect(counts).toHaveText("19 tasks: 19 ended OK");
  await expect(tree.getByRole("link", { name: new RegExp(`^${escapeRegExp(check)} \\(`) })).toHaveCount(2);
  await expect(failedRow.getByRole("img", { name: "Aborted" })).toHaveCount(1);
  await page.getByRole("tab", { name: "Graph" }).click();
  await expect(graph.getByRole("img", { name: "Aborted" })).toHaveCount(0);
  await expect(graph.getByRole("img", { name: "Ended OK" })).toHaveCount(19);
});
