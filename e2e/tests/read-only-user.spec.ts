import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, basicAuth, logInThroughForm, type Login } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

const api = (request: APIRequestContext, path: string, data: unknown) => request.post(`/ae/api/v1/100${path}`, { headers: { authorization: basicAuth(ADMIN) }, data });

/** A new user who may read every object and see its executions, with no privilege (the operator pass's read-only user). */
async function importReader(request: APIRequestContext): Promise<Login> {
  const reader: Login = { client: "100", user: `READER${Date.now()}`, department: "OPS", password: "Reader-Pass1" };
  const user = {
    data: {
      user: {
        general_attributes: { name: `${reader.user}/${reader.department}` },
        user_attributes: { password: reader.password },
        authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: 1 + 32, auth_group: 1 }],
      },
    },
    path: "",
  };
  expect((await api(request, "/objects", user)).status()).toBe(200);
  return reader;
}

test("a read-only user is offered no action it may not do: each is off and says why", async ({ page, request }) => {
  mkdirSync(artifacts, { recursive: true });
  const stamp = Date.now();
  const job = `E2E.READONLY.${stamp}`;
  const sleeper = `E2E.READONLY.SLEEP.${stamp}`;
  // Set up through the REST API: a job that ran once, one that is running, and a user who may only read and see executions.
  const jobEnvelope = (name: string, process: string[]) => ({ data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process }] } }, path: "" });
  expect((await api(request, "/objects", jobEnvelope(job, ["echo ran"]))).status()).toBe(200);
  expect((await api(request, "/objects", jobEnvelope(sleeper, ["sleep 60"]))).status()).toBe(200);
  const ended = await api(request, "/executions", { objectName: job, executionOption: "execute" });
  expect(ended.status()).toBe(200);
  const endedRun = Number(((await ended.json()) as { run_id: number }).run_id);
  const running = await api(request, "/executions", { objectName: sleeper, executionOption: "execute" });
  expect(running.status()).toBe(200);
  const runningRun = Number(((await running.json()) as { run_id: number }).run_id);
  const reader = await importReader(request);

  await page.goto("/executions");
  await expect(page).toHaveURL(/\/login/);
  await logInThroughForm(page, reader);
  await expect(page.getByRole("row").filter({ hasText: job })).toBeVisible();

  // The main navigation lists the screens whose privilege the user lacks, off, naming the privilege.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("button", { name: "Repository (needs REPOSITORY)" })).toBeDisabled();
  await expect(nav).toContainText("needs REPOSITORY");
  await expect(nav.getByRole("link", { name: "Executions" })).toBeVisible();

  // The list: with the running execution selected, bulk Cancel is off, naming the right and the object.
  await page.getByRole("checkbox", { name: `Select execution ${runningRun}` }).check();
  const bulkCancel = page.getByRole("button", { name: "Cancel selected" });
  await expect(bulkCancel).toBeDisabled();
  await expect(bulkCancel).toHaveAccessibleDescription(`The chosen execution cannot be cancelled: your user lacks the cancel right on JOBS '${sleeper}'. Ask an administrator.`);
  // Its shortcut says so too, and offers nothing to confirm.
  await page.keyboard.press("c");
  const nothing = page.getByRole("dialog", { name: "Nothing to cancel" });
  await expect(nothing).toContainText(`your user lacks the cancel right on JOBS '${sleeper}'`);
  await expect(nothing.getByRole("button")).toHaveText(["Close"]);
  await nothing.getByRole("button", { name: "Close" }).click();

  // A running execution: Cancel is off, described in words; no dialog, no red refusal after the fact.
  await page.goto(`/executions/${runningRun}`);
  const cancelReason = `Your user may not cancel executions of JOBS '${sleeper}': it needs the cancel right. Ask an administrator.`;
  const cancel = page.getByRole("button", { name: "Cancel" });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toHaveAccessibleDescription(cancelReason);
  await expect(page.getByRole("note").filter({ hasText: cancelReason })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: join(artifacts, "read-only-cancel.png") });

  // An ended execution: Restart is off for the same right.
  await page.goto(`/executions/${endedRun}`);
  const restart = page.getByRole("button", { name: "Restart" });
  await expect(restart).toBeDisabled();
  await expect(restart).toHaveAccessibleDescription(`Your user may not restart executions of JOBS '${job}': it needs the cancel right. Ask an administrator.`);
  // Its comments can be read, but writing one changes the run's record: off for the same right.
  await page.goto(`/executions/${endedRun}?tab=comments`);
  const commentReason = `Your user may not comment on executions of JOBS '${job}': it needs the cancel right. Ask an administrator.`;
  await expect(page.getByText("No comments yet.", { exact: false })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: commentReason })).toBeVisible();
  await expect(page.getByLabel("New comment")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add comment" })).toHaveAccessibleDescription(commentReason);

  // The job: Execute and Execute with options are off and say why.
  await page.goto(`/objects/${job}`);
  const executeReason = `Your user may not execute JOBS '${job}': it needs the execute right. Ask an administrator.`;
  const execute = page.getByRole("button", { name: `Execute ${job}`, exact: true });
  await expect(execute).toBeDisabled();
  await expect(execute).toHaveAccessibleDescription(executeReason);
  await expect(page.getByRole("button", { name: `Execute ${job} with options` })).toBeDisabled();
  await expect(page.getByRole("note").filter({ hasText: executeReason })).toBeVisible();
  await page.screenshot({ path: join(artifacts, "read-only-execute.png") });

  // The Edit tab: Save is off for the write right, whatever is typed.
  await page.getByRole("tab", { name: "Edit" }).click();
  const save = page.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(`Your user may not change JOBS '${job}': it needs the write right. Ask an administrator.`);

  // Screens reached by their address: New forecast and the agent administration are off, naming the privilege.
  await page.goto("/forecasts");
  const newForecast = page.getByRole("button", { name: "New forecast" });
  await expect(newForecast).toBeDisabled();
  await expect(newForecast).toHaveAccessibleDescription("Your user may not use forecasts: it needs the privilege FORECASTS. Ask an administrator.");
  await page.goto("/system/agents");
  const agentsReason = "Your user may not use agent administration: it needs the privilege AGENTS. Ask an administrator.";
  for (const name of ["Create agent", "New agent package"]) {
    await expect(page.getByRole("button", { name })).toBeDisabled();
    await expect(page.getByRole("button", { name })).toHaveAccessibleDescription(agentsReason);
  }
  await expect(page.getByRole("note").filter({ hasText: agentsReason })).toBeVisible();
  // Nor may it list the agents (SYSTEM_OVERVIEW): the page says so once, with no filters for a list it cannot have.
  await expect(page.getByRole("note").filter({ hasText: "Your user may not use the agents list: it needs the privilege SYSTEM_OVERVIEW. Ask an administrator." })).toBeVisible();
  await expect(page.getByRole("search", { name: "Agent filters" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);

  expect((await api(request, `/executions/${runningRun}/status`, { action: "cancel" })).status()).toBe(200);
});

test("a read-only user sees whether Baton is up, and one message that the details and metrics need SYSTEM_OVERVIEW", async ({ page, request }) => {
  mkdirSync(artifacts, { recursive: true });
  const reader = await importReader(request);
  await page.goto("/system/health?details=true");
  await logInThroughForm(page, reader);

  // The plain health is answered to every user; only its details are refused, and that is no outage.
  await expect(page.getByRole("status", { name: "Overall health" })).toContainText("Baton is UP");
  const note = page.getByRole("note", { name: "Health details" });
  await expect(note).toContainText("Each instance, its connections and the count of active executions are details.");
  await expect(note).toContainText("This needs the privilege SYSTEM_OVERVIEW, which your user does not have. Ask an administrator to grant it.");
  await expect(page.getByRole("region", { name: /^CP — / })).toContainText("1 instance running");
  await expect(page.getByLabel("Show instances")).toBeDisabled();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText(/may be down|unreachable|retries on its own/)).toHaveCount(0);
  await page.screenshot({ path: join(artifacts, "read-only-health.png") });

  // The metrics: one message for the screen, naming the privilege the engine names, without "Try again".
  await page.getByRole("navigation", { name: "System screens" }).getByRole("tab", { name: "Metrics" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText("Your user may not see the metrics");
  await expect(refusal).toContainText("'Missing privilege': SYSTEM_OVERVIEW");
  await expect(refusal).toContainText("Ask an administrator to grant it.");
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  // A refusal, not a failure: a lock, not the error's mark.
  await expect(refusal.getByRole("img", { name: "Refused" })).toBeVisible();
  await expect(page.getByRole("figure")).toHaveCount(0);
  await page.screenshot({ path: join(artifacts, "read-only-metrics.png") });
});

test("the administrator keeps Execute and Save on, with no refusal beside them", async ({ page, request }) => {
  const job = `E2E.ADMIN.ACTS.${Date.now()}`;
  expect((await api(request, "/objects", { data: { jobs: { general_attributes: { name: job }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo ran"] }] } }, path: "" })).status()).toBe(200);
  await page.goto(`/objects/${job}`);
  const permissions = page.waitForResponse((response) => response.url().includes("/bff/session/permissions?object=") && response.status() === 200);
  await logInThroughForm(page);
  await permissions;
  await expect(page.getByRole("button", { name: `Execute ${job}`, exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: `Execute ${job} with options` })).toBeEnabled();
  await expect(page.getByRole("note")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Repository" })).toBeVisible();
});
