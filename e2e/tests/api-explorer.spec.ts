import { expect, test, type Page } from "@playwright/test";
import { logInThroughForm } from "./login";

/** Screenshots for looking at the page; written where the test run can be inspected. */
const SHOTS = "/tmp";

function operation(page: Page, label: RegExp) {
  return page.getByRole("region", { name: label });
}

/** The "Try it" form of an opened operation. */
function tryForm(page: Page, label: RegExp) {
  return operation(page, label).getByRole("form", { name: /^Try / });
}

test("operations by tag, filtered and opened through the URL, with schemas behind their links", async ({ page }) => {
  await page.goto("/login");
  await logInThroughForm(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/api-explorer$/);
  await expect(page.getByRole("heading", { name: "API explorer", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "executions", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "system", exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-explorer-page.png` });

  // The filter lives in the URL: only the executions' operations are left.
  await page.getByRole("search", { name: "Filter operations" }).getByLabel("Filter").fill("executions");
  await expect(page).toHaveURL(/\?q=executions$/);
  await expect(page.getByRole("region", { name: "system", exact: true })).toHaveCount(0);
  const executions = page.getByRole("region", { name: "executions", exact: true });
  await expect(executions.getByRole("button", { name: /^POST \/\{client_id\}\/executions — / })).toBeVisible();

  // Opening an operation shows its parameters; the URL names it.
  await executions.getByRole("button", { name: /^GET \/\{client_id\}\/executions — / }).click();
  await expect(page).toHaveURL(/op=getExecutions(&|$)/);
  const list = operation(page, /^GET \/\{client_id\}\/executions — /);
  const maxResults = list.getByRole("table", { name: "Parameters of GET /{client_id}/executions" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: "max_results" }) });
  await expect(maxResults).toContainText("query");
  await expect(maxResults).toContainText("integer (int32)");
  await expect(list.getByRole("table", { name: "Responses of GET /{client_id}/executions" })).toContainText("OutExecutionList");
  await expect(list.getByRole("button", { name: "Send" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-explorer-operation.png`, fullPage: true });
  await list.getByRole("table", { name: "Responses of GET /{client_id}/executions" }).screenshot({ path: `${SHOTS}/api-explorer-responses.png` });
  await list.getByRole("form", { name: /^Try / }).screenshot({ path: `${SHOTS}/api-explorer-try-form.png` });

  // A $ref is a link to its component; the component's own links lead on.
  await list.getByRole("table", { name: "Responses of GET /{client_id}/executions" }).getByRole("link", { name: "OutExecutionList" }).click();
  const listSchema = page.getByRole("dialog", { name: "OutExecutionList", exact: true });
  await expect(listSchema).toBeVisible();
  await listSchema.getByRole("link", { name: "OutExecution", exact: true }).first().click();
  await expect(page).toHaveURL(/schema=OutExecution(&|$)/);
  const schema = page.getByRole("dialog", { name: "OutExecution", exact: true });
  await expect(schema.getByRole("list", { name: "Parts of OutExecution" })).toContainText("run_id");
  await expect(schema).toContainText("Used by operations");
  await page.screenshot({ path: `${SHOTS}/api-explorer-schema.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SHOTS}/api-explorer-schema-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  // "Used by" opens the operation behind the dialog.
  await schema.getByRole("link", { name: "/{client_id}/executions/{run_id}" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/op=getExecutionsRunId(&|$)/);
  await expect(operation(page, /^GET \/\{client_id\}\/executions\/\{run_id\} — /).getByRole("table", { name: "Responses of GET /{client_id}/executions/{run_id}" })).toBeInViewport();
  await page.goBack();
  await expect(schema).toBeVisible();

  // Every state has a URL: a reload opens the same filter, operation and schema.
  await page.reload();
  await expect(page.getByRole("dialog", { name: "OutExecution", exact: true })).toBeVisible();
  await page.getByRole("dialog", { name: "OutExecution", exact: true }).getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/schema=/);
  await expect(page.getByRole("search", { name: "Filter operations" }).getByLabel("Filter")).toHaveValue("executions");
  await expect(operation(page, /^GET \/\{client_id\}\/executions — /).getByRole("rowheader", { name: "max_results" })).toBeVisible();

  // The raw document downloads as a file.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download openapi.json" }).click();
  expect((await download).suggestedFilename()).toBe("openapi.json");
});

test("Try it shows every answer: 200 from the health, 400 with its validation error, 404", async ({ page }) => {
  await page.goto("/api-explorer?op=getSystemHealth");
  await logInThroughForm(page);
  const health = tryForm(page, /^GET \/\{client_id\}\/system\/health — /);
  await expect(health.getByLabel("client_id")).toHaveValue("100");
  await health.getByRole("button", { name: "Send" }).click();
  const healthAnswer = health.getByRole("region", { name: "Answer" });
  await expect(healthAnswer.getByLabel("Status", { exact: true })).toContainText("200 OK");
  await expect(healthAnswer.getByLabel("Response time")).toContainText(/\d+(\.\d+)? (ms|s)/);
  await expect(healthAnswer.getByLabel("Answer body")).toContainText('"status": "UP"');
  await page.screenshot({ path: `${SHOTS}/api-explorer-try-200.png`, fullPage: true });

  await page.goto("/api-explorer?op=getExecutionsRunId");
  const one = tryForm(page, /^GET \/\{client_id\}\/executions\/\{run_id\} — /);
  // Without the RunID the request is not sent: the field says what is missing.
  await one.getByRole("button", { name: "Send" }).click();
  await expect(one.getByText("Required: fill it in to send the request.")).toBeVisible();
  await expect(one.getByRole("region", { name: "Answer" })).toHaveCount(0);

  await one.getByLabel("run_id").fill("abc");
  await expect(one.getByLabel("Request", { exact: true })).toHaveText("GET /api/100/executions/abc");
  await one.getByRole("button", { name: "Send" }).click();
  const badAnswer = one.getByRole("region", { name: "Answer" });
  await expect(badAnswer.getByLabel("Status", { exact: true })).toContainText("400 Bad Request");
  await expect(badAnswer.getByLabel("Status", { exact: true })).toContainText("the input is not valid");
  await expect(badAnswer.getByRole("list", { name: "Problems" })).toContainText("run_id: run_id must be a number");
  await expect(badAnswer.getByLabel("Answer body")).toContainText('"invalid_value": "abc"');
  await page.screenshot({ path: `${SHOTS}/api-explorer-try-400.png`, fullPage: true });
  await one.screenshot({ path: `${SHOTS}/api-explorer-try-400-form.png` });

  await one.getByLabel("run_id").fill("999999");
  await one.getByRole("button", { name: "Send" }).click();
  await expect(badAnswer.getByLabel("Status", { exact: true })).toContainText("404 Not Found");
  await expect(badAnswer.getByRole("list", { name: "Problems" })).toContainText("Execution not found.");

  // The same answer in the dark scheme.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SHOTS}/api-explorer-try-dark.png`, fullPage: true });
  await one.screenshot({ path: `${SHOTS}/api-explorer-try-dark-form.png` });
});

test("on a narrow screen long paths wrap, and a POST with a JSON body goes through the session", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/api-explorer?q=search&op=postSearch");
  await logInThroughForm(page);
  const search = tryForm(page, /^POST \/\{client_id\}\/search — /);
  const body = search.getByLabel("Request body (JSON)");
  await expect(body).toHaveValue(/"filter_identifier": "object_name"/);
  await body.fill(JSON.stringify({ filters: [{ filter_identifier: "object_name", object_name: "*" }] }));
  await search.getByRole("button", { name: "Send" }).click();
  await expect(search.getByRole("region", { name: "Answer" }).getByLabel("Status", { exact: true })).toContainText("200 OK");

  // Invalid JSON is caught before sending.
  await body.fill("{ nope");
  await search.getByRole("button", { name: "Send" }).click();
  await expect(search.getByText(/^Not valid JSON/)).toBeVisible();

  await page.goto("/api-explorer?q=usage%2Fcalendarevent");
  await expect(page.getByRole("button", { name: /^GET \/\{client_id\}\/objects\/\{object_name\}\/usage\/calendarevent\/\{event_name\} — / })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/api-explorer-narrow.png`, fullPage: true });
});

/** The recorded example (docs/api-examples.md) of an operation's request body, as the served document carries it. */
async function recordedRequest(page: Page, path: string, method: string): Promise<unknown> {
  type Body = { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  const document: { paths: Record<string, Record<string, { requestBody?: Body }>> } = await (await page.request.get("/ae/api/v1/openapi.json")).json();
  const value = document.paths[path]?.[method]?.requestBody?.content["application/json"]?.examples?.success?.value;
  expect(value, `a recorded request of ${method.toUpperCase()} ${path}`).toBeDefined();
  return value;
}

test("recorded examples: Try it starts from the request a running Baton accepted, and every answer shows its example", async ({ page }) => {
  await page.goto("/api-explorer?q=scripts&op=postScripts");
  await logInThroughForm(page);
  const scripts = operation(page, /^POST \/\{client_id\}\/scripts — /);
  const responses = scripts.getByRole("table", { name: "Responses of POST /{client_id}/scripts" });

  // Each answer with a recording shows it next to its schema; the others show none.
  const ok = responses.getByLabel("Example answer 200 of POST /{client_id}/scripts");
  await expect(ok).toContainText('"run_id":');
  await expect(responses.getByLabel("Example answer 400 of POST /{client_id}/scripts")).toContainText('"path": "script"');
  await expect(responses.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^403/ }) }).getByRole("button", { name: /^Example answer/ })).toHaveCount(0);
  await responses.screenshot({ path: `${SHOTS}/api-explorer-example-answers.png` });
  const toggle = responses.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^200/ }) }).getByRole("button", { name: "Example answer (recorded from a running Baton)" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(ok).toBeHidden();
  await toggle.click();
  await expect(ok).toBeVisible();

  // The body starts as the recorded request; after an edit it can be put back.
  const form = tryForm(page, /^POST \/\{client_id\}\/scripts — /);
  const body = form.getByLabel("Request body (JSON)");
  const recorded = JSON.stringify(await recordedRequest(page, "/{client_id}/scripts", "post"), null, 2);
  await expect(body).toHaveValue(recorded);
  await expect(form.getByText(/^The recorded example "/)).toBeVisible();
  const reset = form.getByRole("button", { name: "Reset to the recorded example" });
  await expect(reset).toBeDisabled();
  await body.fill(JSON.stringify({ script: ":PRINT 1" }));
  await reset.click();
  await expect(body).toHaveValue(recorded);
  await page.screenshot({ path: `${SHOTS}/api-explorer-examples.png`, fullPage: true });

  // Running the recorded script is harmless: it prints one line.
  await form.getByRole("button", { name: "Send" }).click();
  const answer = form.getByRole("region", { name: "Answer" });
  await expect(answer.getByLabel("Status", { exact: true })).toContainText("200 OK");
  await expect(answer.getByLabel("Answer body")).toContainText('"run_id":');

  // Starting the recorded job: this fresh Baton has no such object, and says so.
  await page.goto("/api-explorer?q=executions&op=postExecutions");
  const start = tryForm(page, /^POST \/\{client_id\}\/executions — /);
  await expect(start.getByLabel("Request body (JSON)")).toHaveValue(JSON.stringify(await recordedRequest(page, "/{client_id}/executions", "post"), null, 2));
  await expect(operation(page, /^POST \/\{client_id\}\/executions — /).getByLabel("Example answer 400 of POST /{client_id}/executions")).toContainText('"path": "execution_option"');
  await start.getByRole("button", { name: "Send" }).click();
  await expect(start.getByRole("region", { name: "Answer" }).getByLabel("Status", { exact: true })).toContainText("404 Not Found");

  // A GET has no body to fill in, but its answer has an example; sending it lists this run's executions.
  await page.goto("/api-explorer?q=executions&op=getExecutions");
  const list = operation(page, /^GET \/\{client_id\}\/executions — /);
  await expect(list.getByLabel("Example answer 200 of GET /{client_id}/executions")).toContainText('"status_text":');
  await expect(list.getByLabel("Request body (JSON)")).toHaveCount(0);
  await list.getByRole("button", { name: "Send" }).click();
  await expect(list.getByRole("region", { name: "Answer" }).getByLabel("Status", { exact: true })).toContainText("200 OK");
  await list.getByRole("table", { name: "Responses of GET /{client_id}/executions" }).screenshot({ path: `${SHOTS}/api-explorer-example-list.png` });

  // An agent package downloads as a zip: its 200 has nothing recorded to show, its 404 has.
  await page.goto("/api-explorer?q=agentpacks&op=getSystemAgentpacksFilename");
  const download = operation(page, /^GET \/\{client_id\}\/system\/agentpacks\/\{filename\} — /);
  await expect(download.getByRole("table", { name: "Responses of GET /{client_id}/system/agentpacks/{filename}" })).toBeVisible();
  await expect(download.getByLabel("Example answer 404 of GET /{client_id}/system/agentpacks/{filename}")).toContainText('"code":');
  await expect(download.getByLabel("Example answer 200 of GET /{client_id}/system/agentpacks/{filename}")).toHaveCount(0);
  await download.screenshot({ path: `${SHOTS}/api-explorer-no-example.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/api-explorer?q=scripts&op=postScripts");
  await expect(operation(page, /^POST \/\{client_id\}\/scripts — /).getByLabel("Example answer 200 of POST /{client_id}/scripts")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/api-explorer-examples-dark.png`, fullPage: true });
});
