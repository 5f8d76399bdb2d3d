import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

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

test("a dropped folder of 50 files is imported at once, found by search, browsed, opened and exported as it was dropped", async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const prefix = `E2E.IMP.${stamp}`;
  const folder = `E2E_IMP_${stamp}`;
  const { dir, objects } = writeFolder(prefix, folder.toLowerCase());
  expect(objects).toHaveLength(50);

  await page.goto("/login");
  await logInThroughForm(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Objects" }).click();
  await expect(page.getByRole("region", { name: "Object import drop zone" })).toBeVisible();

  // Chromium gives each file of a chosen directory its path in it (webkitRelativePath).
  const statusTexts = await recordStatusTexts(page);
  await page.getByLabel("Folder to import").setInputFiles(dir);
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByRole("alert")).toContainText("Imported 50 into \\: 50 created, 0 replaced");
  await expect(results.getByRole("list", { name: "Imported objects" }).getByRole("listitem")).toHaveCount(50);
  await expect(results.getByRole("listitem", { name: `Import of ${folder.toLowerCase()}/load/${prefix.toLowerCase()}.load03.json` })).toContainText(`\\${folder}\\LOAD`);
  const seen = await statusTexts();
  expect(seen.some((text) => /^Reading files: \d+ of 50$/.test(text))).toBe(true);
  expect(seen.some((text) => /^Checking which objects exist: \d+ of 50$/.test(text))).toBe(true);
  await page.screenshot({ path: join(artifacts, "objects-import-results.png"), fullPage: true });

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
  await page.screenshot({ path: join(artifacts, "objects-folder.png"), fullPage: true });

  // Search finds a dropped object, and its result opens it.
  await page.goto(`/search?object_name=${encodeURIComponent(`${prefix}.LOAD0*`)}`);
  const found = page.getByRole("table", { name: "Search results" });
  await expect(found.getByRole("link", { name: `${prefix}.LOAD07` })).toBeVisible();
  await expect(found.getByRole("link")).toHaveCount(9);
  await page.goBack();
  await expect(load.getByRole("row")).toHaveCount(11);

  // An object of it, and the workflow drawn from its rows and columns.
  await load.getByRole("link", { name: `${prefix}.LOAD07` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${prefix}.LOAD07` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Object" }).getByRole("link", { name: `\\${folder}\\LOAD` })).toBeVisible();
  await page.getByRole("tab", { name: "Usage" }).click();
  await expect(page).toHaveURL(/tab=usage/);
  await expect(page.getByText(`No object refers to ${prefix}.LOAD07.`)).toBeVisible();
  await page.goto(`/objects/${encodeURIComponent(`${prefix}.WF`)}?tab=workflow`);
  const graph = page.getByRole("region", { name: "Workflow graph" });
  await expect(graph.getByRole("group", { name: `${prefix}.LOAD01, JOBS, line 2` })).toBeVisible();
  await expect(graph.getByRole("group", { name: `${prefix}.REPORT01, JOBS, line 3` })).toBeVisible();
  await page.screenshot({ path: join(artifacts, "objects-workflow.png"), fullPage: true });

  // Export the folder and compare with what was dropped.
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

  // The same folder again into the root: the preview says all 50 exist, and they are replaced only when asked.
  await page.goto("/objects");
  await page.getByLabel("Folder to import").setInputFiles(dir);
  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview).toContainText("Import into \\: 50 objects (0 new, 50 existing)");
  const importButton = preview.getByRole("button", { name: "Import 50 objects" });
  await expect(importButton).toBeDisabled();
  await preview.getByLabel("Overwrite existing objects (50)").check();
  await page.screenshot({ path: join(artifacts, "objects-import-preview.png"), fullPage: true });
  await importButton.click();
  await expect(page.getByRole("region", { name: "Import results" }).getByRole("alert")).toContainText("Imported 50 into \\: 0 created, 50 replaced");

  // The export file itself, dropped into the root: its folder entries and objects land where they were.
  const exportFile = join(mkdtempSync(join(tmpdir(), "baton-e2e-export-")), `${folder}.json`);
  writeFileSync(exportFile, readFileSync(await download.path(), "utf8"));
  await page.goto("/objects");
  await page.getByLabel("Object files").setInputFiles(exportFile);
  const again = page.getByRole("region", { name: "Import preview" });
  await expect(again).toContainText("Import into \\: 53 objects (0 new, 50 existing, 3 folders)");
  await again.getByLabel("Overwrite existing objects (50)").check();
  await again.getByRole("button", { name: "Import 53 objects" }).click();
  await expect(page.getByRole("region", { name: "Import results" }).getByRole("alert")).toContainText("Imported 53 into \\");
  await page.goto(`/objects/${encodeURIComponent(`${prefix}.LOAD07`)}`);
  await expect(page.getByRole("region", { name: "Object" }).getByRole("link", { name: `\\${folder}\\LOAD` })).toBeVisible();
});
