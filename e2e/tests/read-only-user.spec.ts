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

test("a read-only user sees executions but cannot execute, and the button says why", async ({ page, request }) => {
  const job = `E2E.READONLY.${Date.now()}`;
  // Set up through the REST API: a job that ran once, and a user who may only read and see executions.
  expect((await api(request, "/objects", { data: { jobs: { general_attributes: { name: job }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo ran"] }] } }, path: "" })).status()).toBe(200);
  expect((await api(request, "/executions", { objectName: job, executionOption: "execute" })).status()).toBe(200);
  const reader = await importReader(request);

  await page.goto("/executions");
  await expect(page).toHaveURL(/\/login/);
  await logInThroughForm(page, reader);
  await expect(page.getByRole("row").filter({ hasText: job })).toBeVisible();

  await page.goto(`/objects/${job}`);
  const execute = page.getByRole("button", { name: `Execute ${job}`, exact: true });
  await execute.click();
  const refusal = page.getByRole("alert").filter({ hasText: `Could not execute ${job}` });
  await expect(refusal).toContainText(`'Missing right': execute on JOBS '${job}'`);
  await expect(refusal).toContainText(`This needs the right execute on JOBS '${job}', which your user does not have. Ask an administrator to grant it.`);
  await expect(execute).toBeDisabled();
});

test("a read-only user sees whether Baton is up, and one message that the details and metrics need SYSTEM_OVERVIEW", async ({ page, request }) => {
  mkdirSync(artifacts, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
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
  await expect(page.getByRole("figure")).toHaveCount(0);
  await page.screenshot({ path: join(artifacts, "read-only-metrics.png") });
});
