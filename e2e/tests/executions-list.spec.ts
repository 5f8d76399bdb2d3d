import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

/** Imports a job that runs `command` on the local agent. */
async function importJob(request: APIRequestContext, name: string, command: string): Promise<void> {
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: [command] }] } }, path: "" });
}

async function execute(request: APIRequestContext, name: string): Promise<number> {
  const answer = await adminPost(request, "/executions", { objectName: name, executionOption: "execute" });
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? answer.run_id : undefined;
  expect(typeof runId).toBe("number");
  return Number(runId);
}

/** Opens the list at `search` through the login form (the deep link survives the login). */
async function openList(page: Page, search: string): Promise<void> {
  await page.goto(`/executions${search}`);
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
}

const table = (page: Page) => page.getByRole("table", { name: "Executions" });
const rowOf = (page: Page, runId: number) => table(page).getByRole("row").filter({ has: page.getByRole("link", { name: `Execution ${runId}`, exact: true }) });

test("a name filter typed in the bar is in the URL, survives a reload, and can be saved and applied again", async ({ page, request }) => {
  const prefix = `E2E.LIST.${Date.now()}`;
  await importJob(request, `${prefix}.ALPHA`, "echo alpha");
  await importJob(request, `${prefix}.BETA`, "echo beta");
  const alpha = await execute(request, `${prefix}.ALPHA`);
  const beta = await execute(request, `${prefix}.BETA`);

  await openList(page, "");
  await expect(rowOf(page, alpha)).toBeVisible();
  await expect(rowOf(page, beta)).toBeVisible();

  await page.getByRole("search", { name: "Filter executions" }).getByLabel("Name").fill(`${prefix}.A*`);
  await expect(page).toHaveURL(new RegExp(`[?&]name=${prefix.replaceAll(".", "\\.")}\\.A\\*`));
  await expect(rowOf(page, beta)).toHaveCount(0);
  await expect(rowOf(page, alpha)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("search", { name: "Filter executions" }).getByLabel("Name")).toHaveValue(`${prefix}.A*`);
  await expect(rowOf(page, alpha)).toBeVisible();
  await expect(rowOf(page, beta)).toHaveCount(0);

  // Save it, clear the filters, then pick it from the menu again.
  const filterName = `Alpha of ${prefix}`;
  await page.getByRole("button", { name: "Saved filters" }).click();
  await page.getByRole("menuitem", { name: "Save current filter…" }).click();
  const save = page.getByRole("dialog", { name: "Save the current filter" });
  await save.getByLabel("Filter name").fill(filterName);
  await save.getByRole("button", { name: "Save" }).click();
  await expect(save).toBeHidden();

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).not.toHaveURL(/name=/);
  await expect(rowOf(page, beta)).toBeVisible();

  await page.getByRole("button", { name: "Saved filters" }).click();
  await page.getByRole("menuitem", { name: filterName }).click();
  await expect(page).toHaveURL(/[?&]name=/);
  await expect(rowOf(page, alpha)).toBeVisible();
  await expect(rowOf(page, beta)).toHaveCount(0);

  // And delete it: the menu no longer offers it.
  await page.getByRole("button", { name: "Saved filters" }).click();
  await page.getByRole("menuitem", { name: "Delete saved filters…" }).click();
  const manage = page.getByRole("dialog", { name: "Saved filters" });
  await manage.getByRole("button", { name: `Delete saved filter ${filterName}` }).click();
  await expect(manage.getByText("No saved filters left.")).toBeVisible();
  await manage.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Saved filters" }).click();
  await expect(page.getByRole("menuitem", { name: filterName })).toHaveCount(0);
  await page.keyboard.press("Escape");
});

test("a filter the server rejects shows the server's words, and the page keeps working", async ({ page, request }) => {
  const name = `E2E.LIST.BAD.${Date.now()}`;
  await importJob(request, name, "echo ok");
  const runId = await execute(request, name);

  await openList(page, "?status=NOT_A_STATUS");
  const alert = page.getByRole("alert").filter({ hasText: "Could not load the executions" });
  // The server's own words, with the parameter it names.
  await expect(alert).toContainText(/status: must be status codes/);

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(rowOf(page, runId)).toBeVisible();
});

test("at 1280x800 the name hint is whole; a plain word that finds nothing offers *WORD*, and a refused name says why at the field", async ({ page, request }) => {
  const stamp = Date.now();
  const name = `E2E.LIST.${stamp}.REPORT.DAILY`;
  await importJob(request, name, "echo report");
  const runId = await execute(request, name);
  await openList(page, "");

  // The placeholder shows while the empty field has the focus; it fits the field, and the bar is one line.
  const bar = page.getByRole("search", { name: "Filter executions" });
  const nameField = bar.getByLabel("Name");
  await nameField.focus();
  await expect(nameField).toHaveAttribute("placeholder", "e.g. NIGHTLY.* (* = any)");
  const placeholders = await bar.locator("input").evaluateAll((inputs) =>
    inputs.map((input) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context || !(input instanceof HTMLInputElement)) return { placeholder: "", fits: false };
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { placeholder: input.placeholder, fits: context.measureText(input.placeholder).width <= room };
    }),
  );
  expect(placeholders.filter((p) => !p.fits)).toEqual([]);
  const tops = await bar.locator(":scope > *").evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)));
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, "executions-name-hint.png") });

  // A plain word matches whole names only: the empty list offers the pattern that contains it.
  const word = `${stamp}.REPORT`;
  await nameField.fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]name=${word.replaceAll(".", "\\.")}(&|$)`));
  await expect(page.getByText("No executions match these filters")).toBeVisible();
  await expect(page.getByText(`A name without * matches whole names only; *${word}* finds every name that contains it.`)).toBeVisible();
  await page.screenshot({ path: join(artifacts, "executions-name-suggestion.png") });
  await page.getByRole("button", { name: `Filter by *${word}*` }).click();
  await expect(nameField).toHaveValue(`*${word}*`);
  await expect(rowOf(page, runId)).toBeVisible();

  // A value the server refuses: its reason at the field, not an error page.
  await nameField.fill("ETL verify");
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await expect(bar.getByText("must be a name pattern")).toBeVisible();
  await expect(page.getByText("The server refused this name filter")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: join(artifacts, "executions-name-refused.png") });
  await nameField.fill(name);
  await expect(rowOf(page, runId)).toBeVisible();
  await expect(nameField).toHaveAttribute("aria-invalid", "false");
});

test("the type shows as its code with the name in the cell's title, and the type filter sends the code", async ({ page, request }) => {
  const name = `E2E.LIST.TYPE.${Date.now()}`;
  await importJob(request, name, "echo type");
  const runId = await execute(request, name);

  await openList(page, `?name=${name}`);
  await expect(rowOf(page, runId).getByRole("cell", { name: "JOBS", exact: true })).toHaveAttribute("title", "Job (JOBS)");

  // The suggestion is found by its name and puts the code into the URL.
  const typeField = page.getByRole("search", { name: "Filter executions" }).getByRole("combobox", { name: "Type", exact: true });
  await typeField.fill("Workfl");
  await expect(page.getByRole("option", { name: "Workflow (JOBP)", exact: true })).toBeVisible();
  await typeField.press("Enter");
  await expect(page).toHaveURL(/[?&]type=JOBP(&|$)/);
  await expect(rowOf(page, runId)).toHaveCount(0);

  // A link written with a type's name means what its code does.
  await page.goto(`/executions?name=${name}&type=Job`);
  await expect(rowOf(page, runId)).toBeVisible();
});

test("a RunID filter that is no number says so at the field and asks nothing; a number filters", async ({ page, request }) => {
  const name = `E2E.LIST.RUNID.${Date.now()}`;
  await importJob(request, name, "echo runid");
  const runId = await execute(request, name);
  await openList(page, "");

  await page.getByRole("button", { name: /More filters/ }).click();
  const field = page.getByRole("region", { name: "More filters" }).getByRole("textbox", { name: "RunID", exact: true });
  await field.fill("abc");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("A RunID is a positive whole number, like 1042")).toBeVisible();
  await field.press("Enter");
  await expect(page).not.toHaveURL(/[?&]run_id=/);

  await field.fill(String(runId));
  await expect(page).toHaveURL(new RegExp(`[?&]run_id=${runId}(&|$)`));
  await expect(field).toHaveAttribute("aria-invalid", "false");
  await expect(table(page).getByRole("row")).toHaveCount(2);
  await expect(rowOf(page, runId)).toBeVisible();
});

test("at 1280x800 a plan on another day, a period container's type and a duration are read whole in their cells, not only in titles", async ({ page, request }) => {
  const name = `E2E.LIST.WHOLE.${Date.now()}`;
  await importJob(request, name, "echo whole");
  const planned = new Date(Date.now() + 400 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const once = await adminPost(request, "/executions", { objectName: name, executionOption: "once", once: { executionDateTime: planned } });
  const period = await adminPost(request, "/executions", { objectName: name, executionOption: "recurring", recurring: { executeInterval: "PT1H", betweenStart: "00:00", betweenEnd: "23:59" } });
  const runIdOf = (answer: unknown) => (typeof answer === "object" && answer !== null && "run_id" in answer ? Number(answer.run_id) : Number.NaN);
  await openList(page, `?name=${name}`);

  const startCell = rowOf(page, runIdOf(once)).getByRole("cell").nth(5);
  await expect(startCell).toContainText(`planned ${planned.slice(0, 10)}`);
  const typeCell = rowOf(page, runIdOf(period)).getByRole("cell", { name: "C_PERIOD" });
  await expect(typeCell).toBeVisible();
  // Nothing in the row is cut: every part of a cell fits it across, and text on two lines fits the row's height.
  const cut = await table(page)
    .locator("td *")
    .evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1).map((element) => element.textContent),
    );
  expect(cut.filter((text) => text && /planned|C_PERIOD|\d (s|min|h)/.test(text))).toEqual([]);
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, "executions-whole-values.png") });
});

test("a hidden column stays hidden after a reload", async ({ page, request }) => {
  const name = `E2E.LIST.COLUMNS.${Date.now()}`;
  await importJob(request, name, "echo columns");
  const runId = await execute(request, name);

  await openList(page, `?name=${name}`);
  await expect(rowOf(page, runId)).toContainText("LOCAL");
  await expect(table(page).getByRole("columnheader", { name: "Agent" })).toBeVisible();

  await page.getByRole("button", { name: "Columns" }).click();
  const agent = page.getByRole("menuitemcheckbox", { name: "Agent" });
  await expect(agent).toHaveAttribute("aria-checked", "true");
  await agent.click();
  await expect(agent).toHaveAttribute("aria-checked", "false");
  await page.keyboard.press("Escape");
  await expect(table(page).getByRole("columnheader", { name: "Agent" })).toHaveCount(0);
  await expect(rowOf(page, runId)).not.toContainText("LOCAL");

  await page.reload();
  await expect(rowOf(page, runId)).toBeVisible();
  await expect(table(page).getByRole("columnheader", { name: "Agent" })).toHaveCount(0);
  await expect(table(page).getByRole("columnheader", { name: "Status" })).toBeVisible();
});

test("two running jobs selected with a shift-click are cancelled together after a confirmation", async ({ page, request }) => {
  const name = `E2E.LIST.SLEEP.${Date.now()}`;
  await importJob(request, name, "sleep 300");
  const first = await execute(request, name);
  const second = await execute(request, name);

  await openList(page, `?name=${name}`);
  for (const runId of [first, second]) await expect(rowOf(page, runId).getByRole("img", { name: "Active" })).toBeVisible({ timeout: 20_000 });

  // The newer run is on top: tick it, then shift-click the older one to take the range.
  await page.getByRole("checkbox", { name: `Select execution ${second}` }).check();
  await page.getByRole("checkbox", { name: `Select execution ${first}` }).click({ modifiers: ["Shift"] });
  await expect(page.getByRole("checkbox", { name: `Select execution ${first}` })).toBeChecked();
  await expect(page.getByRole("toolbar", { name: "Executions list" })).toContainText("2 selected");

  await page.getByRole("button", { name: "Cancel selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel 2 executions?" });
  await expect(dialog).toContainText(String(first));
  await expect(dialog).toContainText(String(second));
  await dialog.getByRole("button", { name: "Cancel 2 executions" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("status", { name: "Cancel result" })).toContainText("2 cancelled.");
  for (const runId of [first, second]) {
    await expect(rowOf(page, runId)).toContainText("ENDED_CANCEL", { timeout: 20_000 });
    await expect(rowOf(page, runId).getByRole("img", { name: "Cancelled" })).toBeVisible();
  }
  await expect(page.getByRole("toolbar", { name: "Executions list" })).not.toContainText("selected");
});

test("j and k move through the rows, r restarts after a confirmation, Enter opens the row, ? lists the shortcuts", async ({ page, request }) => {
  const name = `E2E.LIST.KEYS.${Date.now()}`;
  await importJob(request, name, "echo keys");
  const older = await execute(request, name);
  const newer = await execute(request, name);

  await openList(page, `?name=${name}`);
  for (const runId of [older, newer]) await expect(rowOf(page, runId)).toContainText("ENDED_OK", { timeout: 20_000 });

  // Typing in a field is not a shortcut: "?" goes into the name, no overlay opens.
  const nameField = page.getByRole("search", { name: "Filter executions" }).getByLabel("Name");
  await nameField.press("End");
  await nameField.press("?");
  await expect(nameField).toHaveValue(`${name}?`);
  await nameField.press("Backspace");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await nameField.blur();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("table", { name: "Shortcuts of the executions list" })).toContainText("Move to the next row");
  await help.getByRole("button", { name: "Close" }).click();
  await expect(help).toBeHidden();

  await page.keyboard.press("j");
  await expect(rowOf(page, newer)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rowOf(page, older)).toBeFocused();

  // r on the focused (ended) row asks first, then restarts it.
  await page.keyboard.press("r");
  const confirm = page.getByRole("dialog", { name: "Restart 1 execution?" });
  await expect(confirm).toContainText(String(older));
  await confirm.getByRole("button", { name: "Restart 1 execution" }).click();
  const result = page.getByRole("status", { name: "Restart result" });
  await expect(result).toContainText("1 restarted.");
  const restarted = Number(await result.getByRole("link").first().textContent());
  expect(restarted).toBeGreaterThan(newer);
  // The new run joins the list live, on top.
  await expect(rowOf(page, restarted)).toBeVisible();

  await page.keyboard.press("k");
  await expect(rowOf(page, newer)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/executions/${newer}$`));
  await expect(page.getByRole("region", { name: "Execution status" })).toBeVisible();
});
