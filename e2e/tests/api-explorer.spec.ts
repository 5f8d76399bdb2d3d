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
