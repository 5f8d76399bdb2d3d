import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminPost, logInThroughForm } from "./login";

const shots = "/tmp/e2e-shots";

/** Imports a job (or, with `type` jobp, a workflow) with a title into `path` (the root folder by default). */
async function importObject(request: APIRequestContext, name: string, type: "jobs" | "jobp" = "jobs", path = ""): Promise<void> {
  const body = type === "jobs" ? { general_attributes: { name, title: `Title of ${name}` }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo found"] }] } : { general_attributes: { name, title: `Title of ${name}` } };
  await adminPost(request, "/objects", { data: { [type]: body }, path });
}

/** Three objects with a name of their own, so the results hold this test's objects only. */
async function importThree(request: APIRequestContext, prefix: string, path = ""): Promise<void> {
  await importObject(request, `${prefix}.ALPHA`, "jobs", path);
  await importObject(request, `${prefix}.BETA`, "jobs", path);
  await importObject(request, `${prefix}.FLOW`, "jobp", path);
}

async function openSearch(page: Page, search = ""): Promise<void> {
  await page.goto(`/search${search}`);
  await logInThroughForm(page);
}

const builder = (page: Page) => page.getByRole("search", { name: "Search objects" });
const filterRow = (page: Page, position: number, label: string) => builder(page).getByRole("group", { name: `Filter ${position}: ${label}` });
const results = (page: Page) => page.getByRole("table", { name: "Search results" });
const resultNames = (page: Page) => results(page).getByRole("link");

async function addFilter(page: Page, label: string): Promise<void> {
  await builder(page).getByRole("button", { name: "Add filter" }).click();
  await page.getByRole("menuitem", { name: label, exact: true }).click();
}

test("a search built from filters is in the URL, survives a reload, sorts, and opens an object", async ({ page, request }) => {
  const prefix = `E2E.SRCH.${Date.now()}`;
  await importThree(request, prefix);
  await openSearch(page);

  await filterRow(page, 1, "Object name").getByRole("textbox", { name: "Object name" }).fill(`${prefix}.*`);
  await builder(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 results" })).toBeVisible();
  expect(new URL(page.url()).searchParams.getAll("object_name")).toEqual([`${prefix}.*`]);

  // A second filter narrows to workflows.
  await addFilter(page, "Object type");
  const types = filterRow(page, 2, "Object type").getByRole("combobox", { name: "Object type", exact: true });
  await types.fill("JOBP");
  await types.press("Enter");
  await builder(page).getByRole("button", { name: "Search" }).click();
  await expect(resultNames(page)).toHaveText([`${prefix}.FLOW`]);
  expect(new URL(page.url()).searchParams.get("object_type")).toBe("JOBP");

  await page.reload();
  await expect(resultNames(page)).toHaveText([`${prefix}.FLOW`]);
  await expect(filterRow(page, 2, "Object type")).toContainText("JOBP");
  await expect(filterRow(page, 1, "Object name").getByRole("textbox", { name: "Object name" })).toHaveValue(`${prefix}.*`);

  // Back to all three, then order them by type (descending), then name: directions mixed.
  await filterRow(page, 2, "Object type").getByRole("button", { name: "Remove filter 2 (Object type)" }).click();
  await builder(page).getByRole("button", { name: "Search" }).click();
  await expect(resultNames(page)).toHaveText([`${prefix}.ALPHA`, `${prefix}.BETA`, `${prefix}.FLOW`]);
  await results(page).getByRole("button", { name: "Type", exact: true }).click();
  await expect(resultNames(page)).toHaveText([`${prefix}.FLOW`, `${prefix}.ALPHA`, `${prefix}.BETA`]);
  await results(page).getByRole("button", { name: "Type, sorted ascending" }).click();
  await expect(resultNames(page)).toHaveText([`${prefix}.ALPHA`, `${prefix}.BETA`, `${prefix}.FLOW`]);
  await results(page).getByRole("button", { name: "Name", exact: true }).click({ modifiers: ["Shift"] });
  await results(page).getByRole("button", { name: "Name, sorted ascending, 2 of 2" }).click({ modifiers: ["Shift"] });
  await expect(resultNames(page)).toHaveText([`${prefix}.BETA`, `${prefix}.ALPHA`, `${prefix}.FLOW`]);
  expect(new URL(page.url()).searchParams.get("sort_columns")).toBe("type:DESC,name:DESC");
  await expect(results(page).getByRole("button", { name: "Type, sorted descending, 1 of 2" })).toBeVisible();

  await page.reload();
  await expect(resultNames(page)).toHaveText([`${prefix}.BETA`, `${prefix}.ALPHA`, `${prefix}.FLOW`]);

  await resultNames(page).filter({ hasText: `${prefix}.BETA` }).click();
  await expect(page).toHaveURL(`/objects/${encodeURIComponent(`${prefix}.BETA`)}`);
});

test("a job found by a search is executed from its result", async ({ page, request }) => {
  const prefix = `E2E.SRCH.RUN.${Date.now()}`;
  await importThree(request, prefix);
  await openSearch(page, `?object_name=${prefix}.A*`);
  await expect(resultNames(page)).toHaveText([`${prefix}.ALPHA`]);

  await results(page).getByRole("button", { name: `Execute ${prefix}.ALPHA` }).click();
  const started = page.getByRole("alert").filter({ hasText: `Started ${prefix}.ALPHA` });
  await started.getByRole("link", { name: /^execution \d+$/ }).click();
  await expect(page).toHaveURL(/\/executions\/\d+$/);
});

test("a filter the server refuses shows its words at that filter, and a corrected one searches", async ({ page, request }) => {
  const prefix = `E2E.SRCH.BAD.${Date.now()}`;
  await importThree(request, prefix);
  await openSearch(page);

  await filterRow(page, 1, "Object name").getByRole("textbox", { name: "Object name" }).fill(`${prefix}.*`);
  await addFilter(page, "Folder");
  const folder = filterRow(page, 2, "Folder");
  await folder.getByRole("textbox", { name: "Folder" }).fill("\\A\\..\\B");
  await builder(page).getByRole("button", { name: "Search" }).click();
  await expect(folder).toContainText("Refused: is not a valid folder path");
  await expect(filterRow(page, 1, "Object name")).not.toContainText("Refused");
  expect(new URL(page.url()).searchParams.get("location")).toBe("~\\A\\..\\B");

  await folder.getByRole("textbox", { name: "Folder" }).fill("\\");
  await folder.getByLabel("Include subfolders").check();
  await builder(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 results" })).toBeVisible();
  await expect(folder).not.toContainText("Refused");
});

test.describe("at 1280×800", () => {
  test("the results show name, type, folder and modified without scrolling sideways; a long folder breaks at its backslashes only", async ({ page, request }) => {
    mkdirSync(shots, { recursive: true });
    const stamp = Date.now();
    const prefix = `E2E.SRCH.FIT.${stamp}`;
    const folder = `FIT${stamp.toString(36).toUpperCase()}\\WAREHOUSELOADS\\NIGHTLYEXTRACTS\\DEPARTMENTFINANCE`;
    await importThree(request, `${prefix}.A.RATHER.LONG.NAME`, folder);
    await openSearch(page, `?object_name=${prefix}.*`);
    await expect(page.getByRole("status").filter({ hasText: "3 results" })).toBeVisible();
    const table = page.getByRole("table", { name: "Search results" });
    for (const header of [/^Name/, /^Type/, /^Folder/, /^Modified/]) await expect(table.getByRole("columnheader", { name: header })).toBeInViewport({ ratio: 1 });
    // Neither the page nor the table scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(true);
    // The first character of each line of the folder: a backslash every time, never a letter of a name cut in two.
    const folderCell = table.getByRole("cell", { name: `\\${folder}` }).first();
    const lineStarts = await folderCell.evaluate((element) => {
      const starts: string[] = [];
      let top = Number.NEGATIVE_INFINITY;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let at = 0; at < text.length; at++) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const rect = range.getBoundingClientRect();
          if (rect.height > 0 && rect.top > top + rect.height / 2) {
            starts.push(text.charAt(at));
            top = rect.top;
          }
        }
      }
      return starts;
    });
    expect(lineStarts.length).toBeGreaterThan(1);
    expect(lineStarts.filter((start) => start !== "\\")).toEqual([]);
    await page.screenshot({ path: `${shots}/search-fit-1280.png` });
  });

  test("a plain word finds the objects whose name holds it, as it is typed, and Back returns to the search before the typing", async ({ page, request }) => {
    mkdirSync(shots, { recursive: true });
    const stamp = Date.now();
    const prefix = `E2E.SRCH.WORD.${stamp}`;
    const word = `EXTRACT${stamp}`;
    await importObject(request, `${prefix}.DAILY.${word}`);
    await importObject(request, `${prefix}.${word}.ORDERS`);
    await importObject(request, `${prefix}.LOAD`);
    await openSearch(page, `?object_name=${prefix}.*`);
    await expect(page.getByRole("status").filter({ hasText: "3 results" })).toBeVisible();
    const entries = await page.evaluate(() => history.length);

    // The first search as typed is held by a slow server: the next one aborts it.
    const aborted: string[] = [];
    page.on("requestfailed", (failed) => {
      if (failed.url().endsWith("/api/100/search")) aborted.push(failed.postData() ?? "");
    });
    let holdFirst = true;
    await page.route("**/api/100/search", async (route) => {
      if (holdFirst) {
        holdFirst = false;
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
      await route.continue().catch(() => undefined);
    });
    const name = filterRow(page, 1, "Object name").getByRole("textbox", { name: "Object name" });
    const firstAsked = page.waitForRequest((asked) => asked.url().endsWith("/api/100/search") && (asked.postData() ?? "").includes(`*${prefix.toLowerCase()}*`));
    await name.fill(prefix.toLowerCase());
    await firstAsked;
    // No Search pressed: the results follow the words typed, a plain word anywhere in the name.
    await name.fill(word.toLowerCase());
    await expect(resultNames(page)).toHaveText([`${prefix}.DAILY.${word}`, `${prefix}.${word}.ORDERS`]);
    await expect(page.getByRole("status").filter({ hasText: "2 results" })).toBeVisible();
    expect(aborted).toHaveLength(1);
    expect(aborted[0]).toContain(`*${prefix.toLowerCase()}*`);
    await expect(name).toBeFocused();
    expect(new URL(page.url()).searchParams.getAll("object_name")).toEqual([word.toLowerCase()]);
    await page.screenshot({ path: `${shots}/search-plain-word.png` });

    // A placeholder typed is kept: the whole name must match the pattern.
    await name.fill(`*${word}`);
    await expect(resultNames(page)).toHaveText([`${prefix}.DAILY.${word}`]);

    // Three searches typed, one history entry: Back shows the search before the typing.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect(page.getByRole("status").filter({ hasText: "3 results" })).toBeVisible();
    await expect(name).toHaveValue(`${prefix}.*`);
  });
});
