import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN, adminPost, basicAuth, logInThroughForm } from "./login";
import { E2E_REPOSITORY_ROOT } from "./remotes";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));

/** Git without the machine's or the user's configuration, as the server runs it. */
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

/** An empty bare repository below the allowed root: the remote the client's repository clones. */
function createBareRepository(): string {
  const dir = join(mkdtempSync(join(E2E_REPOSITORY_ROOT, "remote-")), "objects.git");
  execFileSync("git", ["init", "--bare", "--quiet", "--initial-branch=main", dir], { env: GIT_ENV });
  return dir;
}

/** Imports (or replaces) a job whose script is `lines`, between a first and a last line. */
async function importJob(request: APIRequestContext, name: string, ...lines: string[]): Promise<void> {
  const job = { jobs: { general_attributes: { name }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo start", ...lines, "echo end"] }] } };
  await adminPost(request, "/objects?overwrite_existing_objects=true", { data: job, path: "" });
}

/** The script lines of an object as the REST API answers them. */
async function scriptOf(request: APIRequestContext, name: string): Promise<string[]> {
  const response = await request.get(`/ae/api/v1/100/objects/${encodeURIComponent(name)}`, { headers: { authorization: basicAuth(ADMIN) } });
  expect(response.status()).toBe(200);
  const body: { data: { jobs: { scripts: Array<{ process: string[] }> } } } = await response.json();
  return body.data.jobs.scripts.flatMap((page) => page.process);
}

/**
 * Commits the object through the REST API. Unless an earlier test connected the repository, this
 * connects it to an empty remote, which commits every object of the client, this one included.
 */
async function commitThroughApi(request: APIRequestContext, name: string): Promise<void> {
  const info = await request.get("/ae/api/v1/100/repositories", { headers: { authorization: basicAuth(ADMIN) } });
  if (info.status() === 404) await adminPost(request, "/repositories", { repository_url: createBareRepository(), branch: "main" });
  else await adminPost(request, "/repositories/commits", { message: `Add ${name}`, objects: [name] });
}

/** A script line wider than any pane, ending in `end`. */
const wideLine = (end: string): string => `echo ${"wide ".repeat(80)}${end}`;

/** How far the pane of a CodeMirror text is scrolled sideways. */
function scrollLeftOf(text: Locator): Promise<number> {
  return text.evaluate((element) => element.closest(".cm-scroller")?.scrollLeft ?? Number.NaN);
}

/** Turns the wheel sideways over the pane at `across` (0 left, 1 right) of `panes`, below their headings. */
async function wheelSideways(page: Page, panes: Locator, across: number, deltaX: number): Promise<void> {
  const box = await panes.boundingBox();
  if (box === null) throw new Error("the panes are not shown");
  await page.mouse.move(box.x + box.width * across, box.y + 60);
  await page.mouse.wheel(deltaX, 0);
}

/** Whether `follower` shows the same columns as `leader`, which has been scrolled sideways. */
async function expectScrolledTogether(leader: Locator, follower: Locator): Promise<void> {
  await expect.poll(() => scrollLeftOf(leader)).toBeGreaterThan(0);
  await expect.poll(async () => (await scrollLeftOf(follower)) - (await scrollLeftOf(leader))).toBe(0);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

async function switchTo(page: Page, branch: string): Promise<void> {
  await openTab(page, "Branches");
  await page.getByRole("button", { name: `Switch to ${branch}` }).click();
  const dialog = page.getByRole("dialog", { name: `Switch to ${branch}?` });
  await dialog.getByRole("button", { name: "Switch" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Repository status" })).toContainText(branch);
}

async function chooseBranchToMerge(page: Page, branch: string): Promise<void> {
  await openTab(page, "Merge");
  await page.getByLabel("Branch to merge").click();
  await page.getByRole("option", { name: branch }).click();
  await expect(page).toHaveURL(/[?&]tab=merge&branch=/);
}

async function commitAll(page: Page, message: string): Promise<void> {
  await page.getByRole("button", { name: /^Commit (all|\d+ selected)…$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Commit changes" });
  await dialog.getByLabel("Message").fill(message);
  await dialog.getByRole("button", { name: "Commit" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("alert").filter({ hasText: `“${message}”` })).toBeVisible();
}

test("an object edited, reviewed, committed, changed on a branch and merged back; a conflicting merge aborted, then resolved; a pull; an old version restored", async ({ page, request }) => {
  // Some thirty git operations through the console, each waited for: a loaded machine needs more than the default minute.
  test.setTimeout(180_000);
  const prefix = `E2E.REPO.${Date.now()}`;
  const job = `${prefix}.JOB`;
  const branch = `feature/e2e-${Date.now()}`;
  const remote = createBareRepository();
  mkdirSync(artifacts, { recursive: true });
  await importJob(request, job, "echo planned");

  await page.goto("/login");
  await logInThroughForm(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Repository" }).click();
  await expect(page).toHaveURL(/\/repository$/);

  // No repository yet: the form connects the empty bare repository, which gets the client's objects.
  await expect(page.getByRole("heading", { name: "Connect a Git repository" })).toBeVisible();
  await page.getByLabel("Repository URL").fill(remote);
  await expect(page.getByLabel("Branch")).toHaveValue("main");
  await page.screenshot({ path: `${artifacts}repository-init.png`, fullPage: true });
  await page.getByRole("button", { name: "Connect repository" }).click();
  const status = page.getByRole("region", { name: "Repository status" });
  await expect(status).toContainText("main", { timeout: 30_000 });
  await expect(status).toContainText("Ready");
  await expect(page.getByText("No uncommitted changes")).toBeVisible();

  // Edited through the REST API: the change is listed; its review shows the summary and the changed line.
  await importJob(request, job, "echo changed");
  await page.reload();
  const changes = page.getByRole("table", { name: "Uncommitted changes" });
  const row = changes.getByRole("row").filter({ hasText: job });
  await expect(row).toContainText("modified");
  await page.screenshot({ path: `${artifacts}repository-changes.png`, fullPage: true });
  await row.getByRole("link", { name: `Review ${job}` }).click();
  await expect(page).toHaveURL(/\/repository\/review\?path=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Review ${job}`);
  await expect(page.getByRole("region", { name: "Summary of changes" })).toContainText("1 script line added, 1 removed");
  const diff = page.getByRole("region", { name: "Side-by-side diff" });
  await expect(diff.getByRole("textbox", { name: /^HEAD of main/ })).toContainText("echo planned");
  await expect(diff.getByRole("textbox", { name: /^Current definition/ })).toContainText("echo changed");
  await page.screenshot({ path: `${artifacts}repository-review.png`, fullPage: true });
  await page.getByRole("button", { name: "Back" }).click();

  // A review of a file the repository does not hold says so, with the way back to the changes and nothing to try again.
  await page.goto("/repository/review?path=NO%2FSUCH.json");
  await expect(page.getByText("No such file in the repository: NO/SUCH.json")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Review / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await page.screenshot({ path: `${artifacts}repository-review-missing.png` });
  await page.getByRole("link", { name: "Repository changes" }).click();
  await expect(page).toHaveURL(/\/repository\?tab=changes$/);

  // Committed as the one selected object.
  await row.getByRole("checkbox", { name: `Select ${job}` }).check();
  await commitAll(page, `Change ${job}`);
  await expect(changes.getByRole("row").filter({ hasText: job })).toHaveCount(0);

  // The log shows the commit and what it changed.
  await openTab(page, "Log");
  await expect(page).toHaveURL(/[?&]tab=log/);
  const log = page.getByRole("table", { name: "Commits of main" });
  const commitRow = log.getByRole("row").filter({ hasText: `Change ${job}` });
  await commitRow.getByRole("button", { name: /^Changes of / }).click();
  const commitChanges = page.getByRole("table", { name: /^Changes of commit / });
  await expect(commitChanges).toContainText(job);
  await page.screenshot({ path: `${artifacts}repository-log.png`, fullPage: true });
  await commitChanges.getByRole("link", { name: `Review ${job}` }).click();
  await expect(page.getByRole("region", { name: "Summary of changes" })).toHaveText("1 script line added, 1 removed");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(commitChanges).toBeVisible();

  // A new branch, switched to at once; the object changes there and is committed on it.
  await openTab(page, "Branches");
  await page.getByRole("button", { name: "New branch" }).click();
  const create = page.getByRole("dialog", { name: "New branch" });
  await create.getByLabel("Branch name").fill(branch);
  await expect(create.getByRole("checkbox", { name: "Switch to the new branch" })).toBeChecked();
  await create.getByRole("button", { name: "Create branch" }).click();
  await expect(create).toBeHidden({ timeout: 30_000 });
  await expect(status).toContainText(branch);
  await importJob(request, job, "echo on the branch");
  await openTab(page, "Changes");
  await commitAll(page, `Branch change of ${job}`);

  // An uncommitted edit is in the way of switching back: the dialog names it and offers to overwrite it.
  await importJob(request, job, "echo not committed");
  await openTab(page, "Branches");
  await page.screenshot({ path: `${artifacts}repository-branches.png`, fullPage: true });
  await page.getByRole("button", { name: "Switch to main" }).click();
  const switchDialog = page.getByRole("dialog", { name: "Switch to main?" });
  await switchDialog.getByRole("button", { name: "Switch" }).click();
  await expect(switchDialog.getByRole("list", { name: "Objects with uncommitted changes" })).toContainText(`${job}.json`);
  await page.screenshot({ path: `${artifacts}repository-switch-overwrite.png` });
  await switchDialog.getByRole("button", { name: "Switch and overwrite" }).click();
  await expect(switchDialog).toBeHidden({ timeout: 30_000 });
  await expect(status).toContainText("main");
  // Back on main, the object is main's version again.
  expect(await scriptOf(request, job)).toContain("echo changed");

  // The branch is reviewed and merged into main.
  await chooseBranchToMerge(page, branch);
  const differences = page.getByRole("table", { name: `What merging ${branch} brings into main` });
  await expect(differences.getByRole("row").filter({ hasText: job })).toContainText("changed");
  await page.screenshot({ path: `${artifacts}repository-merge.png`, fullPage: true });
  await page.getByRole("button", { name: `Merge ${branch} into main` }).click();
  await page.getByRole("dialog", { name: `Merge ${branch} into main?` }).getByRole("button", { name: "Merge", exact: true }).click();
  await expect(page.getByText(`Merged ${branch} as`)).toBeVisible({ timeout: 30_000 });
  expect(await scriptOf(request, job)).toContain("echo on the branch");

  // A second branch and main change the same line: the merge stops with a conflict to resolve.
  const rival = `rival/e2e-${Date.now()}`;
  await openTab(page, "Branches");
  await page.getByRole("button", { name: "New branch" }).click();
  await create.getByLabel("Branch name").fill(rival);
  await create.getByRole("checkbox", { name: "Switch to the new branch" }).uncheck();
  await create.getByRole("button", { name: "Create branch" }).click();
  await expect(create).toBeHidden();
  await importJob(request, job, "echo main side", wideLine("main"));
  await openTab(page, "Changes");
  await commitAll(page, `Main side of ${job}`);
  await switchTo(page, rival);
  await importJob(request, job, "echo rival side", wideLine("rival"));
  await openTab(page, "Changes");
  await commitAll(page, `Rival side of ${job}`);
  await switchTo(page, "main");
  await chooseBranchToMerge(page, rival);
  const mergeRival = async () => {
    await page.getByRole("button", { name: `Merge ${rival} into main` }).click();
    await page.getByRole("dialog", { name: `Merge ${rival} into main?` }).getByRole("button", { name: "Merge and resolve conflicts" }).click();
  };
  await mergeRival();
  const banner = page.getByRole("region", { name: "Merge in progress" });
  await expect(banner).toContainText(`Merging ${rival}`, { timeout: 30_000 });
  await expect(status).toContainText(`Merging ${rival}`);

  // The merge state comes from the server: it is still shown after a reload.
  await page.reload();
  const conflict = banner.getByRole("listitem").filter({ hasText: `${job}.json` });
  await expect(conflict).toBeVisible();
  await expect(banner.getByRole("button", { name: "Complete merge" })).toBeDisabled();
  await page.screenshot({ path: `${artifacts}repository-merge-conflicts.png`, fullPage: true });
  await conflict.getByRole("link", { name: /^Review the conflict in / }).click();
  const ours = page.getByRole("textbox", { name: /^Ours \(main\)/ });
  const theirs = page.getByRole("textbox", { name: /^Theirs \(rival/ });
  await expect(ours).toContainText("echo main side");
  await expect(theirs).toContainText("echo rival side");
  // The three panes scroll sideways together: the wide line's ends are compared at the same columns.
  await wheelSideways(page, page.getByRole("region", { name: "Three-way view" }), 0.5, 2000);
  await expectScrolledTogether(ours, theirs);
  await page.getByRole("button", { name: "Back" }).click();

  // Aborted, the repository is ready again with main's version; merged again, the conflict is back.
  await banner.getByRole("button", { name: "Abort merge" }).click();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(status).toContainText("Ready");
  expect(await scriptOf(request, job)).toContain("echo main side");
  await mergeRival();
  await expect(conflict).toBeVisible({ timeout: 30_000 });

  // Resolved with the rival's version: the merge completes and imports it.
  await conflict.getByRole("radio", { name: `Theirs (${rival})` }).check();
  await banner.getByRole("button", { name: "Complete merge" }).click();
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect(status).toContainText("Ready");
  expect(await scriptOf(request, job)).toContain("echo rival side");

  // The remote has nothing newer: a pull says so.
  await page.getByRole("button", { name: "Pull" }).click();
  const pull = page.getByRole("dialog", { name: "Pull main" });
  await pull.getByRole("button", { name: "Pull", exact: true }).click();
  await expect(pull).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText("Already up to date at")).toBeVisible();

  // The first committed change is restored from the log as a new commit, and imported.
  await openTab(page, "Log");
  await log.getByRole("row").filter({ hasText: `Change ${job}` }).getByRole("button", { name: /^Restore the version of / }).click();
  const restore = page.getByRole("dialog", { name: "Restore this version?" });
  await restore.getByRole("button", { name: "Restore" }).click();
  await expect(restore).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(/^Restored as commit/)).toBeVisible();
  expect(await scriptOf(request, job)).toContain("echo changed");
});

test("the diff of a 5,000-line object opens at once with its unchanged lines collapsed", async ({ page, request }) => {
  const job = `E2E.REPO.LARGE.${Date.now()}`;
  const lines = Array.from({ length: 5000 }, (_, i) => `echo line ${i}`);
  await importJob(request, job, ...lines);
  await commitThroughApi(request, job);
  await importJob(request, job, ...lines.map((line, i) => (i === 2500 ? "echo the changed line" : line)));

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto("/repository");
  await page.getByRole("table", { name: "Uncommitted changes" }).getByRole("link", { name: `Review ${job}` }).click();
  await expect(page.getByRole("region", { name: "Summary of changes" })).toHaveText("1 script line added, 1 removed");
  const diff = page.getByRole("region", { name: "Side-by-side diff" });
  const current = diff.getByRole("textbox", { name: /^Current definition/ });
  await expect(current).toContainText("echo the changed line");
  // It opens at once because its work does not grow with the object: only the change and a few lines
  // around it are drawn, the rest folded into two markers per side (a bound on drawn lines, not on
  // time, which the machine's load decides).
  await expect(diff.getByText(/^\d+ unchanged lines/)).toHaveCount(4);
  const drawnLines = await diff.locator(".cm-line").count();
  // Two sides, each the changed line and three either side (unfolded, the viewport alone draws 70 or so).
  expect(drawnLines).toBeLessThanOrEqual(2 * (1 + 2 * 3));
  await page.screenshot({ path: `${artifacts}repository-review-large-dark.png`, fullPage: true });
  // Unfolded on request (also from the keyboard), every line is there to scroll to.
  await page.getByLabel("Show unchanged lines").check();
  await expect(diff.getByText(/^\d+ unchanged lines/)).toHaveCount(0);
  await expect(current).toContainText('"echo start"');
});

test("the two sides of a diff scroll sideways together", async ({ page, request }) => {
  const job = `E2E.REPO.WIDE.${Date.now()}`;
  await importJob(request, job, wideLine("before"));
  await commitThroughApi(request, job);
  await importJob(request, job, wideLine("after"));

  await page.goto("/login");
  await logInThroughForm(page);
  await page.goto("/repository");
  await page.getByRole("table", { name: "Uncommitted changes" }).getByRole("link", { name: `Review ${job}` }).click();
  const diff = page.getByRole("region", { name: "Side-by-side diff" });
  const before = diff.getByRole("textbox", { name: /^HEAD of main/ });
  const after = diff.getByRole("textbox", { name: /^Current definition/ });
  await expect(after).toContainText("wide after");
  // Each side leads in turn; the other follows to the same column.
  await wheelSideways(page, diff, 0.25, 2000);
  await expectScrolledTogether(before, after);
  const far = await scrollLeftOf(before);
  await wheelSideways(page, diff, 0.75, -300);
  await expect.poll(() => scrollLeftOf(before)).toBeLessThan(far);
  await expectScrolledTogether(after, before);
  await page.screenshot({ path: `${artifacts}repository-review-wide.png` });
});
