import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));
/** Screenshots of the import screens are looked at from here too. */
const shots = "/tmp/e2e-shots";


/** Saves what the 1280x800 window shows, `top` scrolled to its top, as an artifact and beside the other import screenshots. */
async function shoot(page: Page, name: string, top?: Locator): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  mkdirSync(shots, { recursive: true });
  await top?.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: join(artifacts, `objects-import-${name}.png`) });
  await page.screenshot({ path: join(shots, `import-${name}.png`) });
}

/**
 * Fails the test on any error the page writes to its console (a 404 the browser logs included) and
 * counts the REST requests it makes: a preview is one dry-run request, never a GET per object.
 */
function watchPage(page: Page): { errors: string[]; requests: string[] } {
  const watched = { errors: [] as string[], requests: [] as string[] };
  page.on("console", (message) => {
    if (message.type() === "error") watched.errors.push(message.text());
  });
  page.on("pageerror", (error) => watched.errors.push(error.message));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) watched.requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return watched;
}

interface Dropped {
  name: string;
  type: string;
  /** Folder below the dropped directory, engine form ("" = the directory itself). */
  path: string;
}

/**
 * A directory of 50 object files: 29 jobs at its top, 10 in LOAD, 10 in REPORT, and a workflow
 * running two of them. Returns where it is and what it holds.
 */
function writeFolder(prefix: string, folderName: string): { dir: string; objects: Dropped[] } {
  const dir = join(mkdtempSync(join(tmpdir(), "baton-e2e-import-")), folderName);
  const objects: Dropped[] = [];
  const add = (sub: string, name: string, type: string, body: Record<string, unknown>) => {
    mkdirSync(join(dir, sub), { recursive: true });
    const general_attributes = { name, type, title: `Imported ${name}` };
    writeFileSync(join(dir, sub, `${name.toLowerCase()}.json`), JSON.stringify({ data: { [type.toLowerCase()]: { general_attributes, ...body } }, path: "" }, null, 2));
    objects.push({ name, type, path: sub.toUpperCase() });
  };
  const job = { job_attributes: { platform: "UNIX", agent: "LOCAL" }, scripts: [{ process: ["echo hi"] }] };
  for (const [sub, part, count] of [["", "TOP", 29], ["load", "LOAD", 10], ["report", "REPORT", 10]] as const) {
    for (let i = 1; i <= count; i++) add(sub, `${prefix}.${part}${String(i).padStart(2, "0")}`, "JOBS", job);
  }
  const definitions = [
    { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
    { line_number: 2, object_name: `${prefix}.LOAD01`, object_type: "JOBS", row: 1, column: 2 },
    { line_number: 3, object_name: `${prefix}.REPORT01`, object_type: "JOBS", row: 1, column: 3 },
    { line_number: 4, object_name: "END", object_type: "<END>", row: 1, column: 4 },
  ];
  const conditions = [2, 3, 4].map((line) => ({ workflow_line_number: line, predecessor_line_number: line - 1 }));
  add("", `${prefix}.WF`, "JOBP", { workflow_definitions: definitions, line_conditions: conditions });
  return { dir, objects };
}

/** name, type and path of each entry of an OutFolderObjects file (`{"data": {"<type>": body}, "path": ...}`). */
function readExport(text: string): Dropped[] {
  const exported: unknown = JSON.parse(text);
  const data = typeof exported === "object" && exported !== null && "data" in exported && Array.isArray(exported.data) ? exported.data : [];
  return data.map((entry: unknown) => {
    const record = typeof entry === "object" && entry !== null ? Object.entries(entry) : [];
    const object = record.find(([key]) => key === "data")?.[1];
    const [type = "", body] = typeof object === "object" && object !== null ? (Object.entries(object)[0] ?? []) : [];
    const attributes = typeof body === "object" && body !== null && "general_attributes" in body ? body.general_attributes : undefined;
    const name = typeof attributes === "object" && attributes !== null && "name" in attributes ? String(attributes.name) : "";
    return { name, type: type.toUpperCase(), path: String(record.find(([key]) => key === "path")?.[1] ?? "") };
  });
}

/** From now on, every text the page's status lines show; progress can pass faster than a poll. */
async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __statusTexts: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"]')) {
        const text = element.textContent ?? "";
        if (text !== "" && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => ("__statusTexts" in window && Array.isArray(window.__statusTexts) ? window.__statusTexts.map(String) : []));
}

/** A job body the engine refuses: its description is longer than the 255 characters the spec allows. */
function writeBadFile(dir: string, name: string): string {
  const file = join(dir, "report", `${name.toLowerCase()}.json`);
  writeFileSync(file, JSON.stringify({ data: { jobs: { general_attributes: { name, type: "JOBS", description: "x".repeat(300) } } }, path: "" }));
  return file;
}

test("a dropped folder with one bad file is previewed by one dry run, the bad file skipped, the rest imported with a result per object, and exported as dropped", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const prefix = `E2E.IMP.${stamp}`;
  const folder = `E2E_IMP_${stamp}`;
  const { dir, objects } = writeFolder(prefix, folder.toLowerCase());
  expect(objects).toHaveLength(50);
  const bad = `${prefix}.BAD`;
  writeBadFile(dir, bad);

  await page.goto("/login");
  await logInThroughForm(page);
  // From the console behind the login on (the login page's own session probe answers 401 by design).
  const watched = watchPage(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Objects" }).click();
  await expect(page.getByRole("region", { name: "Object import drop zone" })).toBeVisible();

  // Chromium gives each file of a chosen directory its path in it (webkitRelativePath).
  const statusTexts = await recordStatusTexts(page);
  watched.requests.length = 0;
  await page.getByLabel("Folder to import").setInputFiles(dir);
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByRole("heading")).toHaveText("Preview of the import into \\: 51 objects (50 new, 0 changed, 0 unchanged, 1 invalid)");
  // One dry-run request judged all 51; nothing asked object by object.
  expect(watched.requests.filter((r) => r.includes("/folderobjects"))).toEqual(["POST /api/100/folderobjects?overwrite_existing_objects=false&dry_run=true"]);
  expect(watched.requests.filter((r) => r.startsWith("GET /api/100/objects/"))).toEqual([]);
  const badRow = preview.getByRole("row", { name: `${bad}, ${folder.toLowerCase()}/report/${bad.toLowerCase()}.json` });
  await expect(badRow).toContainText("Invalid");
  await expect(badRow).toContainText("Skipped");
  await expect(badRow).toContainText("general_attributes.description");
  await expect(preview.getByRole("radio", { name: "Skip them, import the rest (1 skipped)" })).toBeChecked();
  await expect((await request.get(`/ae/api/v1/100/objects/${encodeURIComponent(`${prefix}.TOP01`)}`, { headers: { authorization: basicAuth(ADMIN) } })).status()).toBe(404);
  await shoot(page, "preview-bad-file", preview);

  // All or nothing would import nothing: the page says so and will not start it.
  await preview.getByRole("radio", { name: "All or nothing (one transaction)" }).check();
  await expect(preview.getByRole("alert")).toContainText("1 of 51 objects cannot be imported, so nothing would be");
  await expect(preview.getByRole("button", { name: "Import 50 objects…" })).toBeDisabled();
  await preview.getByRole("radio", { name: "Skip them, import the rest (1 skipped)" }).check();

  await preview.getByRole("button", { name: "Import 50 objects…" }).click();
  const dialog = page.getByRole("dialog", { name: "Import 50 objects into \\?" });
  await expect(dialog).toContainText("50 will be created, 0 existing objects replaced. 1 object is skipped and stays as it is.");
  await shoot(page, "confirm");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();

  const results = page.getByRole("region", { name: "Import results" });
  // Something was left out: a warning, not a success, that says how many and where to read why.
  const banner = results.getByRole("alert");
  await expect(banner).toContainText("Imported into \\: 50 objects written (50 created, 0 replaced). 1 object not imported (1 skipped, 0 failed): the rows below say why.");
  await expect(banner).toHaveClass(/MuiAlert-colorWarning/);
  const table = results.getByRole("table", { name: "Import results per object" });
  await expect(table.getByRole("row")).toHaveCount(52);
  await expect(table.getByRole("row", { name: `${prefix}.LOAD03, ${folder.toLowerCase()}/load/${prefix.toLowerCase()}.load03.json` })).toContainText(`\\${folder}\\LOADWritten: created`);
  const skippedRow = table.getByRole("row", { name: `${bad}, ${folder.toLowerCase()}/report/${bad.toLowerCase()}.json` });
  await expect(skippedRow).toContainText("Skipped");
  await expect(skippedRow).toContainText("must be at most 255 characters");
  const seen = await statusTexts();
  expect(seen.some((text) => /^Reading files: \d+ of 51$/.test(text))).toBe(true);
  expect(seen.some((text) => /^Sending 51 objects for a dry run: /.test(text) || /^Checking 51 objects as the import would/.test(text))).toBe(true);
  expect(seen.some((text) => /^Sent [\d.]+ [KM]?B of [\d.]+ [KM]?B$/.test(text))).toBe(true);
  expect(seen.some((text) => /^Written \d+ of 50 objects$/.test(text))).toBe(true);
  expect((await request.get(`/ae/api/v1/100/objects/${encodeURIComponent(bad)}`, { headers: { authorization: basicAuth(ADMIN) } })).status()).toBe(404);
  await shoot(page, "results-bad-file-skipped", results);

  // The tree: the new folder under the root, then its subfolder LOAD.
  const tree = page.getByRole("tree", { name: "Folders" });
  await tree.getByRole("treeitem", { name: folder }).getByRole("button", { name: folder, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`folder=${folder}$`));
  const contents = page.getByRole("table", { name: `Contents of \\${folder}` });
  await expect(contents.getByRole("link", { name: `${prefix}.TOP01` })).toBeVisible();
  await expect(contents.getByRole("link", { name: "Folder LOAD" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "30 objects, 2 folders" })).toBeVisible();
  await tree.getByRole("button", { name: `Expand ${folder}` }).click();
  await tree.getByRole("treeitem", { name: "LOAD" }).getByRole("button", { name: "LOAD", exact: true }).click();
  const load = page.getByRole("table", { name: `Contents of \\${folder}\\LOAD` });
  await expect(load.getByRole("row")).toHaveCount(11);
  await expect(load.getByRole("row", { name: new RegExp(`${prefix}.LOAD07 JOBS Imported ${prefix}.LOAD07`) })).toBeVisible();

  // Search finds a dropped object, and its result opens it.
  await page.goto(`/search?object_name=${encodeURIComponent(`${prefix}.LOAD0*`)}`);
  const found = page.getByRole("table", { name: "Search results" });
  await expect(found.getByRole("link", { name: `${prefix}.LOAD07` })).toBeVisible();
  await expect(found.getByRole("link")).toHaveCount(9);

  // The workflow drawn from its rows and columns.
  await page.goto(`/objects/${encodeURIComponent(`${prefix}.WF`)}?tab=workflow`);
  const graph = page.getByRole("region", { name: "Workflow graph" });
  await expect(graph.getByRole("group", { name: `${prefix}.LOAD01, JOBS, line 2` })).toBeVisible();
  await expect(graph.getByRole("group", { name: `${prefix}.REPORT01, JOBS, line 3` })).toBeVisible();

  // Export the folder and compare with what was dropped (the bad file left out).
  await page.goto(`/objects?folder=${folder}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export folder" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${folder}.json`);
  // The vendor's export: the folder itself first (path ""), everything's path relative to the root it lies in.
  const entries = readExport(readFileSync(await download.path(), "utf8"));
  const byName = (a: Dropped, b: Dropped) => a.name.localeCompare(b.name);
  expect(entries[0]).toEqual({ name: folder, type: "FOLD", path: "" });
  expect(entries.filter((e) => e.type !== "FOLD").sort(byName)).toEqual(objects.map((o) => ({ ...o, path: o.path === "" ? folder : `${folder}/${o.path}` })).sort(byName));
  expect(entries.filter((e) => e.type === "FOLD").map((e) => `${e.path}|${e.name}`)).toEqual([`|${folder}`, `${folder}|LOAD`, `${folder}|REPORT`]);
  expect(watched.errors).toEqual([]);
});

test("a clean drop is previewed, confirmed and imported; dropped again it is unchanged and replaced only with overwrite", async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const prefix = `E2E.CLEAN.${stamp}`;
  const { dir } = writeFolder(prefix, `e2e_clean_${stamp}`);
  await page.goto("/login");
  await logInThroughForm(page);
  const watched = watchPage(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Objects" }).click();

  await page.getByLabel("Folder to import").setInputFiles(dir);
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview.getByRole("heading")).toHaveText("Preview of the import into \\: 50 objects (50 new, 0 changed, 0 unchanged, 0 invalid)");
  // Nothing is written before the operator confirms.
  await expect(page.getByRole("region", { name: "Import results" })).toHaveCount(0);
  await expect(preview.getByRole("radio", { name: "All or nothing (one transaction)" })).toBeChecked();
  await shoot(page, "preview-clean", preview);
  await preview.getByRole("button", { name: "Import 50 objects…" }).click();
  await page.getByRole("dialog", { name: "Import 50 objects into \\?" }).getByRole("button", { name: "Import", exact: true }).click();
  const cleanBanner = page.getByRole("region", { name: "Import results" }).getByRole("alert");
  await expect(cleanBanner).toContainText("Imported into \\: 50 objects written (50 created, 0 replaced).");
  await expect(cleanBanner).not.toContainText("not imported");
  await expect(cleanBanner).toHaveClass(/MuiAlert-colorSuccess/);

  // The same folder again: every object unchanged, so nothing to import until overwrite is ticked (which asks the engine again).
  await page.getByRole("button", { name: "Clear results" }).click();
  await page.getByLabel("Folder to import").setInputFiles(dir);
  await expect(preview.getByRole("heading")).toHaveText("Preview of the import into \\: 50 objects (0 new, 0 changed, 50 unchanged, 0 invalid)");
  await expect(preview.getByRole("button", { name: "Import 0 objects…" })).toBeDisabled();
  // Why each is skipped, in the console's words: the checkbox, not the API's query flag.
  await expect(preview.getByRole("table", { name: "Objects to import" }).getByRole("row").nth(1)).toContainText("already exists; tick “Overwrite existing objects” to replace it");
  await shoot(page, "preview-unchanged", preview);
  await preview.getByLabel("Overwrite existing objects (50)").check();
  await expect(preview.getByRole("button", { name: "Import 50 objects…" })).toBeEnabled();
  await expect(preview.getByRole("table", { name: "Objects to import" }).getByRole("row").nth(1)).toContainText("Replaced");
  await shoot(page, "preview-unchanged-overwrite", preview);
  await preview.getByRole("button", { name: "Import 50 objects…" }).click();
  await page.getByRole("dialog", { name: "Import 50 objects into \\?" }).getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("region", { name: "Import results" }).getByRole("alert")).toContainText("50 objects written (0 created, 50 replaced).");

  // One of them dropped on its own, outside its subfolder: the preview says it would leave its folder, the result that it did.
  await page.getByRole("button", { name: "Clear results" }).click();
  const alone = join(mkdtempSync(join(tmpdir(), "baton-e2e-import-")), `e2e_moved_${stamp}`);
  mkdirSync(alone);
  copyFileSync(join(dir, "load", `${prefix.toLowerCase()}.load01.json`), join(alone, "load01.json"));
  await page.getByLabel("Folder to import").setInputFiles(alone);
  await preview.getByLabel("Overwrite existing objects (1)").check();
  await expect(preview.getByRole("table", { name: "Objects to import" }).getByRole("row").nth(1)).toContainText(`\\E2E_MOVED_${stamp}moves from \\E2E_CLEAN_${stamp}\\LOAD`);
  await shoot(page, "preview-moved", preview);
  await preview.getByRole("button", { name: "Import 1 object…" }).click();
  const one = page.getByRole("dialog", { name: "Import 1 object into \\?" });
  await expect(one).toContainText("0 will be created, 1 existing object replaced.");
  await one.getByRole("button", { name: "Import", exact: true }).click();
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByRole("alert")).toContainText("1 object written (0 created, 1 replaced).");
  await expect(results.getByRole("table", { name: "Import results per object" }).getByRole("row").nth(1)).toContainText(`\\E2E_MOVED_${stamp}moved from \\E2E_CLEAN_${stamp}\\LOAD`);
  expect(watched.requests.filter((r) => r.startsWith("GET /api/100/objects/"))).toEqual([]);
  expect(watched.errors).toEqual([]);
});

test("a folder that does not exist says so, with a link to the nearest folder above it that does, rather than looking empty", async ({ page, request }) => {
  const stamp = Date.now();
  const parent = `E2EMISSING${stamp}`;
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name: `E2E.MISSING.${stamp}` }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo here"] }] } }, path: parent });
  await page.goto(`/objects?folder=${encodeURIComponent(`${parent}/NOPE/NADA`)}`);
  await logInThroughForm(page);

  const contents = page.getByRole("region", { name: `\\${parent}\\NOPE\\NADA` });
  await expect(contents.getByText(`Folder \\${parent}\\NOPE\\NADA does not exist.`)).toBeVisible();
  await expect(contents.getByText("This folder is empty")).toHaveCount(0);
  await shoot(page, "missing-folder");
  await contents.getByRole("link", { name: `Open \\${parent}` }).click();
  await expect(page).toHaveURL(new RegExp(`/objects\\?folder=${parent}$`));
  await expect(page.getByRole("link", { name: `E2E.MISSING.${stamp}` })).toBeVisible();

  // Nothing of a client at all: the root is the nearest.
  await page.goto(`/objects?folder=${encodeURIComponent(`NOPE${stamp}/NADA`)}`);
  await expect(page.getByRole("link", { name: "Open the root folder" })).toBeVisible();
});
