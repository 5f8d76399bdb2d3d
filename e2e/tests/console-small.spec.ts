import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";
mkdirSync(shots, { recursive: true });

/** An axis label or a date field as the console writes time: ISO order, 24-hour, never AM/PM. */
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?|\d{2}:\d{2}(:\d{2})?)$/;

async function restGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/ae/api/v1/100${path}`, { headers: { authorization: basicAuth(ADMIN) } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

const job = (name: string, lines: string[]) => ({ data: { jobs: { general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX", unix_shell: "sh" }, scripts: [{ process: lines }] } }, path: "" });

async function runToEnd(request: APIRequestContext, name: string): Promise<void> {
  const { run_id: runId } = (await adminPost(request, "/executions", { object_name: name })) as { run_id: number };
  await expect.poll(async () => (await restGet<{ status: number }>(request, `/executions/${runId}`)).status, { timeout: 20_000 }).toBeGreaterThanOrEqual(1800);
}

/**
 * Answers of the protocol the browser logs as failed loads, though nothing failed: the repository
 * of a client that has none yet (the vendor's 404 RESOURCE_DISABLED, which the Repository screen
 * shows as "no repository"). Anything else logged fails the test; the login page asks nothing
 * before the login, so it logs nothing.
 */
const PROTOCOL_ANSWERS: ReadonlyArray<{ page: RegExp; resource: RegExp; status: number }> = [{ page: /\/repository$/, resource: /\/api\/100\/repositories$/, status: 404 }];

/** Logs in on the login page; every console message of the page that is a warning or an error is collected from the start. */
async function logInCollecting(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "warning" && message.type() !== "error") return;
    const expected = PROTOCOL_ANSWERS.some(
      (answer) => answer.page.test(page.url()) && answer.resource.test(message.location().url) && message.text().includes(`status of ${answer.status} `),
    );
    if (!expected) problems.push(`${message.type()} on ${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  await page.goto("/login");
  await logInThroughForm(page);
  return problems;
}

/** The screen has its heading and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("every main screen loads without a console warning or error", async ({ page }) => {
  const problems = await logInCollecting(page);
  // Opened afresh (the screens whose code loads on demand show their loading state while it does).
  for (const path of ["/executions", "/notifications", "/objects", "/search", "/forecasts", "/forecasts/agents", "/repository", "/scripts", "/api-explorer", "/system/health"]) {
    await page.goto(path);
    await settled(page);
  }
  // The System screens, one after the other as an operator clicks through them.
  const tabs = page.getByRole("navigation", { name: "System screens" }).getByRole("tab");
  for (const name of await tabs.allInnerTexts()) {
    await tabs.filter({ hasText: name }).click();
    await settled(page);
  }
  expect(problems).toEqual([]);
});

test("a three-day client forecast reads at 100 %: the axis spans the tasks, ISO 24-hour ticks follow the zoom, each bar says its times; its table fits", async ({ page, request }) => {
  const prefix = `E2E.SMALL.${Date.now()}`;
  const known = `${prefix}.KNOWN`;
  const fresh = `${prefix}.FRESH`;
  const flow = `${prefix}.WF`;
  await adminPost(request, "/objects", job(known, ["sleep 2"]));
  await adminPost(request, "/objects", job(fresh, ["true"]));
  await adminPost(request, "/objects", {
    data: {
      jobp: {
        general_attributes: { name: flow, type: "JOBP" },
        workflow_definitions: [
          { line_number: 1, object_name: "START", object_type: "<START>" },
          { line_number: 2, object_name: known, object_type: "JOBS" },
          { line_number: 3, object_name: fresh, object_type: "JOBS" },
          { line_number: 4, object_name: "END", object_type: "<END>" },
        ],
        line_conditions: [
          { workflow_line_number: 2, predecessor_line_number: 1 },
          { workflow_line_number: 3, predecessor_line_number: 2 },
          { workflow_line_number: 4, predecessor_line_number: 3 },
        ],
      },
    },
    path: "",
  });
  // KNOWN ran once (2 s): its estimate is 2 s. FRESH never ran: 60 s.
  await runToEnd(request, known);
  const schedule = `${prefix}.SCHED`;
  await adminPost(request, "/objects", {
    data: { jsch: { general_attributes: { name: schedule, type: "JSCH" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: flow, start_time: "06:00" }, { line_number: "2", object_name: known, start_time: "18:30" }] } },
    path: "",
  });
  await adminPost(request, "/executions", { object_name: schedule });
  const { forecast_id: id } = (await adminPost(request, "/forecasts", { forecast_option: "client", client: { title: `${prefix} three days`, days: 3 } })) as { forecast_id: string };
  await expect.poll(async () => (await restGet<{ status: number }>(request, `/forecasts/${id}`)).status, { timeout: 30_000 }).toBe(1900);

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto(`/forecasts/${id}`);
  const timeline = page.getByRole("region", { name: "Forecast timeline" });
  await expect(page.getByText("100 %")).toBeVisible();
  // Each task's bar names its times and its estimate beside it: KNOWN's 2 s, FRESH's 60 s default.
  await expect(timeline.getByRole("img", { name: new RegExp(`^${known.replaceAll(".", "\\.")}: .*\\(2 s\\)$`) }).first()).toBeVisible();
  await expect(timeline.locator("svg text").filter({ hasText: /^\d{2}:\d{2}:00 – \d{2}:\d{2}:02 \(2 s\)$/ }).first()).toBeVisible();
  await expect(timeline.locator("svg text").filter({ hasText: /^\d{2}:\d{2}:02 – \d{2}:\d{2}:02 \(1 min 00 s\)$/ }).first()).toBeVisible();

  const axisLabels = async () => (await timeline.locator("svg > g[aria-hidden] text").allTextContents()).filter((t) => t !== "");
  const fit = await axisLabels();
  expect(fit.length).toBeGreaterThanOrEqual(4);
  for (const label of fit) expect(label).toMatch(ISO_TIME);
  // The axis starts at the first task (a 06:00 slot), not at the forecast's start: its first tick is within hours of it.
  expect(fit[0]).toMatch(/^\d{4}-\d{2}-\d{2}/);
  await page.screenshot({ path: `${shots}/small-forecast-fit.png` });

  // Zoomed in, the ticks are closer in time, still ISO 24-hour, and the first in view names its date.
  for (let i = 0; i < 5; i++) await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByText("3200 %")).toBeVisible();
  const zoomed = await axisLabels();
  for (const label of zoomed) expect(label).toMatch(ISO_TIME);
  expect(zoomed[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  expect(zoomed).not.toEqual(fit);
  // Bars out of view say at the edge where they are and when.
  await expect(timeline.locator("svg text").filter({ hasText: /^◀ \d{2}:\d{2}:\d{2} – |\) ▶$/ }).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/small-forecast-zoomed.png` });

  // As a table, every column fits beside the navigation: the status, last, is read without scrolling sideways.
  await page.goto(`/forecasts/${id}?view=table`);
  const entries = page.getByRole("table", { name: "Forecast entries" });
  await expect(entries.getByRole("row")).not.toHaveCount(1);
  expect(await entries.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(true);
  await expect(entries.getByRole("columnheader", { name: "Status when forecast" })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${shots}/small-forecast-table.png` });
});

test("date fields are ISO 24-hour and say how to write a time they cannot read", async ({ page }) => {
  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto("/forecasts/agents");
  const from = page.getByRole("textbox", { name: "From" });
  await expect(from).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const before = page.url();
  await from.fill("05/01/2030 6:30 PM");
  await expect(page.getByText("Write it as YYYY-MM-DD hh:mm, 24-hour")).toBeVisible();
  expect(page.url()).toBe(before);
  await page.screenshot({ path: `${shots}/small-date-field-refused.png` });
  await from.fill("2030-05-01 18:30");
  await expect(page).toHaveURL(new RegExp(`from=${encodeURIComponent(new Date(2030, 4, 1, 18, 30).toISOString().slice(0, 19) + "Z").replaceAll("%3A", "(%3A|:)")}`));
  await expect(page.getByText("Write it as YYYY-MM-DD hh:mm, 24-hour")).toHaveCount(0);
});

test("the agents table shows each agent's active jobs, linked to them, and its last heartbeat", async ({ page, request }) => {
  const name = `E2E.SMALL.BUSY.${Date.now()}`;
  await adminPost(request, "/objects", job(name, ["sleep 30"]));
  const { run_id: runId } = (await adminPost(request, "/executions", { object_name: name })) as { run_id: number };
  await expect.poll(async () => (await restGet<{ status: number }>(request, `/executions/${runId}`)).status).toBe(1550);

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto("/system/agents");
  const row = page.getByRole("table", { name: "Agents" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: "LOCAL", exact: true }) });
  const jobs = row.getByRole("link", { name: /^\d+ active jobs? on LOCAL: show them$/ });
  await expect(jobs).toBeVisible();
  expect(Number(await jobs.textContent())).toBeGreaterThanOrEqual(1);
  await expect(row).toContainText(/\d+ s ago/);
  // Every column fits 1280 pixels, the actions too: nothing scrolls sideways.
  const table = page.getByRole("table", { name: "Agents" });
  await expect(table.getByRole("columnheader", { name: "Actions" })).toBeInViewport({ ratio: 1 });
  await expect(row.getByText("Runs inside the engine")).toBeInViewport({ ratio: 1 });
  expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(true);
  await page.screenshot({ path: `${shots}/small-agents.png` });

  await jobs.click();
  await expect(page).toHaveURL(/\/executions\?.*agent=LOCAL/);
  await expect(page).toHaveURL(/status=ANY_ACTIVE/);
  // Jobs inside workflows count too: the list shows tasks as well as top-level runs.
  await expect(page).toHaveURL(/all=true/);
  await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/small-agent-active-jobs.png` });
});
