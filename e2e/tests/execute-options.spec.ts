import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";

const pad = (n: number) => String(n).padStart(2, "0");
/** A moment as the console's date fields take it: local time, `YYYY-MM-DD hh:mm`. */
const localInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

test("a job is executed once at a time with a prompt input from its page; refusals show at their fields", async ({ page, request }) => {
  const stamp = Date.now();
  const promptSet = `E2E.EO.${stamp}.PRPT`;
  const name = `E2E.EO.${stamp}.JOB`;
  await adminPost(request, "/objects", {
    data: { prpt: { general_attributes: { name: promptSet }, prompt_elements: [{ name: "GREETING#", type: "text", default: "world" }, { name: "COUNT#", type: "number", default: "1" }] } },
    path: "",
  });
  await adminPost(request, "/objects", {
    data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, prompt_set_list: [{ name: promptSet }], scripts: [{ process: ["echo hello &GREETING# &COUNT#"] }] } },
    path: "",
  });

  await page.goto(`/objects/${name}`);
  await logInThroughForm(page);
  await page.getByRole("button", { name: `Execute ${name} with options` }).click();
  await expect(page).toHaveURL(/execute=options/);
  const dialog = page.getByRole("dialog", { name: `Execute ${name}` });
  await dialog.getByRole("tab", { name: "Once at a time" }).click();
  // The inputs are a form from the prompt set, filled with its defaults.
  await expect(dialog.getByLabel("GREETING#")).toHaveValue("world");
  await expect(dialog.getByLabel("COUNT#")).toHaveValue("1");

  // A time that has passed (a mistyped year) would start the run at once: the field says so before anything starts.
  await dialog.getByLabel("Start at").fill(localInput(new Date(Date.UTC(2020, 0, 1))));
  await expect(dialog.getByText("This time has passed: the run starts at once.", { exact: false })).toBeVisible();
  const startAt = new Date(Date.now() + 30 * 60_000);
  await dialog.getByLabel("Start at").fill(localInput(startAt));
  await expect(dialog.getByText("It waits for its start time (1698).", { exact: false })).toBeVisible();
  await dialog.getByLabel("GREETING#").fill("operators");
  await dialog.getByLabel("Queue").fill("E2E.NO.SUCH.QUEUE");
  await dialog.getByRole("button", { name: "Execute once" }).click();
  await expect(dialog.getByText(/queue 'E2E.NO.SUCH.QUEUE' does not exist/)).toBeVisible();
  await expect(dialog.getByLabel("Queue")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Queue").fill("");
  await dialog.getByLabel("COUNT#").fill("many");
  await dialog.getByRole("button", { name: "Execute once" }).click();
  await expect(dialog.getByLabel("COUNT#")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Nothing was started: correct the fields marked above and execute again.")).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/execute-options-field-error.png` });

  await dialog.getByLabel("COUNT#").fill("3");
  await dialog.getByRole("button", { name: "Execute once" }).click();
  await expect(page).toHaveURL(/\/executions\/\d+$/);
  const runId = Number(/\/executions\/(\d+)$/.exec(page.url())?.[1]);
  const status = page.getByRole("region", { name: "Execution status" });
  await expect(status).toContainText("1698");
  await page.screenshot({ path: `${shots}/execute-options-waiting.png` });

  const variables = await request.get(`/ae/api/v1/100/executions/${runId}/variables`, { headers: { authorization: basicAuth(ADMIN) } });
  // The run keeps the inputs it was started with (names as the engine keeps them: &GREETING#).
  expect(Object.entries((await variables.json()) as Record<string, unknown>).filter(([key]) => /GREETING#|COUNT#/.test(key)).map(([key, value]) => `${key.replace(/^&/, "")}=${String(value)}`).sort()).toEqual(["COUNT#=3", "GREETING#=operators"]);
  const execution = (await (await request.get(`/ae/api/v1/100/executions/${runId}`, { headers: { authorization: basicAuth(ADMIN) } })).json()) as { status: number; queue: string };
  expect(execution).toMatchObject({ status: 1698, queue: "CLIENT_QUEUE" });
  await adminPost(request, `/executions/${runId}/status`, { action: "cancel" });
});

test("a job is executed recurring by a rule written in the form; a wrong time is refused at its field", async ({ page, request }) => {
  const name = `E2E.EO.${Date.now()}.RECURRING`;
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo tick"] }] } }, path: "" });

  await page.goto(`/objects/${name}?execute=options`);
  await logInThroughForm(page);
  const dialog = page.getByRole("dialog", { name: `Execute ${name}` });
  await dialog.getByRole("tab", { name: "Recurring" }).click();
  await dialog.getByLabel("Description").fill("Weekday mornings");
  await dialog.getByRole("textbox", { name: "Time of day" }).fill("25:00");
  await dialog.getByRole("radio", { name: "On weekdays" }).check();
  await dialog.getByRole("checkbox", { name: "mon" }).check();
  await dialog.getByRole("checkbox", { name: "fri" }).check();
  await dialog.getByRole("radio", { name: "After a number of runs" }).check();
  await dialog.getByRole("spinbutton", { name: "Runs", exact: true }).fill("3");
  await dialog.getByRole("button", { name: "Start recurring" }).click();
  await expect(dialog.getByRole("textbox", { name: "Time of day" })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("must be HH:MM")).toBeVisible();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/execute-options-recurring.png` });

  await dialog.getByRole("textbox", { name: "Time of day" }).fill("06:30");
  await dialog.getByRole("button", { name: "Start recurring" }).click();
  await expect(page).toHaveURL(/\/executions\/\d+$/);
  const runId = Number(/\/executions\/(\d+)$/.exec(page.url())?.[1]);
  const container = (await (await request.get(`/ae/api/v1/100/executions/${runId}?fields=recurring`, { headers: { authorization: basicAuth(ADMIN) } })).json()) as { recurring?: Record<string, unknown> };
  expect(container.recurring).toMatchObject({ period_description: "Weekday mornings", execute_weekly: ["mon", "fri"], end_after_executions: 3 });
  await adminPost(request, `/executions/${runId}/status`, { action: "cancel" });
});
