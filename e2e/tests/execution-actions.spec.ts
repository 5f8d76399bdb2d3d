import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));


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
