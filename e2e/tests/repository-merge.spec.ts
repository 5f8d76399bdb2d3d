import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, basicAuth, logInThroughForm } from "./login";
import { E2E_REPOSITORY_ROOT } from "./remotes";

/*
 * The merge screen at 1280x800: a preview read three-way from the merge base (a branch that changed
 * one object shows that one object, however many the active branch gained), a confirmation that
 * counts what will happen, and a conflicted merge resolved in the three-way view with an edited
 * result, after which the page shows the repository as it is.
 */

const SHOTS = "/tmp/e2e-shots";
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
/**
 * The repository of this spec is client 0's: client 100's stays unconnected for repository.spec.ts,
 * which starts by connecting one through the form, whichever spec runs first.
 */
const LOGIN = { ...ADMIN, client: "0" } as const;
const auth = { authorization: basicAuth(LOGIN) };
const api = (path: string) => `/ae/api/v1/${LOGIN.client}${path}`;

/** POST to the REST API; fails the test unless the server answers 200. */
async function post(request: APIRequestContext, path: string, data: unknown): Promise<void> {
  const response = await request.post(api(path), { headers: auth, data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(200);
}


async function importJob(request: APIRequestContext, name: string, line: string): Promise<void> {
  const job = { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo start", line, "echo end"] }] } };
  await post(request, "/objects?overwrite_existing_objects=true", { data: job, path: "MERGE" });
}

async function scriptOf(request: APIRequestContext, name: string): Promise<string[]> {
  const response = await request.get(api(`/objects/${encodeURIComponent(name)}`), { headers: auth });
  const body: { data: { jobs: { scripts: Array<{ process: string[] }> } } } = await response.json();
  return body.data.jobs.scripts.flatMap((page) => page.process);
}

/** Client 0's repository, connected to a new bare repository unless an earlier test connected it; its active branch is main. */
async function connectRepository(request: APIRequestContext): Promise<void> {
  const info = await request.get(api("/repositories"), { headers: auth });
  if (info.status() !== 404) return;
  mkdirSync(E2E_REPOSITORY_ROOT, { recursive: true });
  const remote = join(mkdtempSync(join(E2E_REPOSITORY_ROOT, "remote-")), "objects.git");
  execFileSync("git", ["init", "--bare", "--quiet", "--initial-branch=main", remote], { env: GIT_ENV });
  await post(request, "/repositories", { repository_url: remote, branch: "main" });
}

const commit = (request: APIRequestContext, message: string, objects: string[]) => post(request, "/repositories/commits", { message, objects });
const switchTo = (request: APIRequestContext, branch: string) => post(request, "/repositories/branches", { branch_name: branch, switch: true });

/** A branch from main on which `name` gets `line`, committed; main is active again afterwards. */
async function branchChanging(request: APIRequestContext, branch: string, name: string, line: string): Promise<void> {
  await switchTo(request, branch);
  await importJob(request, name, line);
  await commit(request, `${name} on ${branch}`, [name]);
  await switchTo(request, "main");
}

async function openMergeOf(page: Page, branch: string): Promise<void> {
  await page.goto(`/repository?tab=merge&branch=${encodeURIComponent(branch)}`);
  await logInThroughForm(page, LOGIN);
  await expect(page.getByRole("tab", { name: "Merge" })).toHaveAttribute("aria-selected", "true");
}

/** Opens an object's page without loading the page again (quick-open), so that the console's cache stays. */
async function openInPage(page: Page, name: string): Promise<void> {
  await page.keyboard.press("Control+k");
  const quickOpen = page.getByRole("dialog", { name: "Quick open" });
  await quickOpen.getByRole("combobox", { name: "Jump to" }).fill(name);
  await quickOpen.getByRole("option", { name: new RegExp(`^${name.replace(/\./g, "\\.")}`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/objects/${name}`));
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test("the preview of a branch that changed one object lists that object only, is confirmed with its counts and leaves nothing to merge", async ({ page, request }) => {
  const stamp = Date.now();
  const job = `E2E.MERGE.ONE.${stamp}`;
  const branch = `only-one-${stamp}`;
  await connectRepository(request);
  await importJob(request, job, "echo planned");
  await commit(request, `Add ${job}`, [job]);
  await branchChanging(request, branch, job, "echo changed on the branch");
  // Meanwhile main gains 12 objects the branch never had: comparing the tips would call them deleted.
  const gained = Array.from({ length: 12 }, (_, i) => `E2E.MERGE.GAINED.${stamp}.${i}`);
  for (const name of gained) await importJob(request, name, `echo ${name}`);
  await commit(request, "Main gains objects", gained);

  await openMergeOf(page, branch);
  // The object as the console holds it before the merge: opened in the page through quick-open.
  await openInPage(page, job);
  await expect(page.getByText("echo planned")).toBeVisible();
  await page.goBack();
  const preview = page.getByRole("region", { name: "Merge preview" });
  await expect(preview).toContainText(`${branch} is 1 commit ahead, 1 behind main`);
  await expect(preview).toContainText("1 object: 0 added, 1 changed, 0 deleted, 0 changed on both sides, 0 in conflict");
  const table = page.getByRole("table", { name: `What merging ${branch} brings into main` });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").filter({ hasText: job })).toContainText("changed");
  await expect(table).not.toContainText("deleted");
  await page.screenshot({ path: `${SHOTS}/merge-preview-one-side.png` });

  // Its diff: the merge base against the branch.
  await table.getByRole("link", { name: `Review ${job}` }).click();
  await expect(page.getByRole("region", { name: "Summary of changes" })).toContainText("1 script line added, 1 removed");
  await page.getByRole("button", { name: "Back" }).click();

  await page.getByRole("tab", { name: "Branches" }).click();
  await expect(page.getByRole("table", { name: "Branches" }).getByRole("row").filter({ hasText: branch })).toContainText("1 commit ahead, 1 behind");
  await page.getByRole("tab", { name: "Merge" }).click();
  await page.getByLabel("Branch to merge").click();
  await page.getByRole("option", { name: branch }).click();

  await page.getByRole("button", { name: `Merge ${branch} into main` }).click();
  const dialog = page.getByRole("dialog", { name: `Merge ${branch} into main?` });
  await expect(dialog).toContainText("The merge brings in 1 object: 0 added, 1 changed, 0 deleted, 0 changed on both sides, 0 in conflict.");
  await page.screenshot({ path: `${SHOTS}/merge-confirm.png` });
  await dialog.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByText(`Merged ${branch} as`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/1 object imported or deleted/)).toBeVisible();
  await expect(page.getByText("Nothing to merge")).toBeVisible();
  await expect(page.getByRole("button", { name: `Merge ${branch} into main` })).toBeDisabled();
  expect(await scriptOf(request, job)).toContain("echo changed on the branch");
  expect(await scriptOf(request, gained[0] ?? "")).toContain(`echo ${gained[0]}`);
  await page.screenshot({ path: `${SHOTS}/merge-done.png` });
  // The object, opened again in the same page, shows the merged definition, not what the console held.
  await openInPage(page, job);
  await expect(page.getByText("echo changed on the branch")).toBeVisible();
  await expect(page.getByText("echo planned")).toHaveCount(0);
});

test("a conflict predicted before merging is resolved in the three-way view with an edited result; an invalid result is refused first", async ({ page, request }) => {
  const stamp = Date.now();
  const job = `E2E.MERGE.CONFLICT.${stamp}`;
  const rival = `rival-${stamp}`;
  const path = `MERGE/${job}.json`;
  await connectRepository(request);
  await importJob(request, job, "echo planned");
  await commit(request, `Add ${job}`, [job]);
  await branchChanging(request, rival, job, "echo rival side");
  await importJob(request, job, "echo main side");
  await commit(request, `Main side of ${job}`, [job]);

  await openMergeOf(page, rival);
  const preview = page.getByRole("region", { name: "Merge preview" });
  await expect(preview).toContainText("1 conflict predicted");
  await expect(page.getByRole("row").filter({ hasText: job })).toContainText("in conflict");
  await page.screenshot({ path: `${SHOTS}/merge-conflict-predicted.png` });

  // Before merging, the predicted conflict opens three ways at its own address.
  await page.getByRole("link", { name: `Review ${job}` }).click();
  await expect(page).toHaveURL(/\/repository\/review\?merge=/);
  await expect(page.getByRole("textbox", { name: "Base (read only)" })).toContainText("echo planned");
  await expect(page.getByRole("textbox", { name: "Ours (main) (read only)" })).toContainText("echo main side");
  await expect(page.getByRole("textbox", { name: `Theirs (${rival}) (read only)` })).toContainText("echo rival side");
  await page.screenshot({ path: `${SHOTS}/merge-conflict-review.png` });
  await page.getByRole("button", { name: "Back" }).click();

  await page.getByRole("button", { name: `Merge ${rival} into main` }).click();
  const dialog = page.getByRole("dialog", { name: `Merge ${rival} into main?` });
  await expect(dialog).toContainText("1 conflict predicted");
  await dialog.getByRole("button", { name: "Merge and resolve conflicts" }).click();
  const banner = page.getByRole("region", { name: "Merge in progress" });
  await expect(banner).toContainText(`Merging ${rival}`, { timeout: 30_000 });

  // The three versions side by side, and the result started from theirs.
  const conflict = banner.getByRole("listitem").filter({ hasText: path });
  await conflict.getByRole("button", { name: `Resolve ${path} three-way` }).click();
  const threeWay = conflict.getByRole("region", { name: "Three-way view" });
  await expect(threeWay.getByRole("textbox", { name: "Base (read only)" })).toContainText("echo planned");
  await expect(threeWay.getByRole("textbox", { name: "Ours (main) (read only)" })).toContainText("echo main side");
  await expect(threeWay.getByRole("textbox", { name: `Theirs (${rival}) (read only)` })).toContainText("echo rival side");
  await conflict.getByRole("button", { name: "Start from theirs" }).click();
  const result = conflict.getByRole("textbox", { name: `Merged result of ${path}` });
  await expect(result).toContainText("echo rival side");
  await threeWay.evaluate((region) => region.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/merge-three-way.png` });

  const versions = await request.get(api(`/repositories/merge/object?branch_name=${encodeURIComponent(rival)}&object_path=${encodeURIComponent(path)}`), { headers: auth });
  const body: { theirs: { content: string } } = await versions.json();
  const theirs = body.theirs.content;
  const invalid = theirs.replace('"type": "JOBS"', '"type": "NOT-A-TYPE"');
  expect(invalid).not.toBe(theirs);

  // Not a valid definition: the server refuses it and the repository stays merging.
  await result.fill(invalid);
  await conflict.getByRole("button", { name: "Use this result" }).click();
  await expect(conflict.getByRole("radio", { name: "Edited result" })).toBeChecked();
  await banner.getByRole("button", { name: "Complete merge" }).click();
  const refusal = banner.getByText("The merge was not completed");
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  await expect(banner).toBeVisible();
  expect(await scriptOf(request, job)).toContain("echo main side");
  await page.screenshot({ path: `${SHOTS}/merge-three-way-refused.png` });

  await result.fill(theirs.replace("echo rival side", "echo resolved by hand"));
  await conflict.getByRole("button", { name: "Use this result" }).click();
  await expect(conflict.getByRole("status").filter({ hasText: "This result is chosen" })).toBeVisible();
  // The refusal was of the earlier result: it goes once another is chosen.
  await expect(refusal).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/merge-three-way-edited.png` });
  await banner.getByRole("button", { name: "Complete merge" }).click();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  expect(await scriptOf(request, job)).toContain("echo resolved by hand");

  // The page shows the repository as it is now: ready, nothing left to merge, no conflict anywhere.
  await expect(page.getByRole("region", { name: "Repository status" })).toContainText("Ready");
  await expect(page.getByText("Nothing to merge")).toBeVisible();
  await expect(page.getByRole("button", { name: `Merge ${rival} into main` })).toBeDisabled();
  await expect(page.getByText(/conflict/i)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/merge-conflict-done.png` });
});
