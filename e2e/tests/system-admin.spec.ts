import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, basicAuth, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));
const SYSTEM_ADMIN = { ...ADMIN, client: "0" } as const;

test.beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

async function openSystemTab(page: Page, tab: string): Promise<void> {
  await page.getByRole("navigation", { name: "System screens" }).getByRole("tab", { name: tab }).click();
}

/** The names in a zip, listed by Python's zipfile (no zip library in the tests). */
function zipEntries(path: string): string {
  return execFileSync("python3", ["-m", "zipfile", "-l", path], { encoding: "utf8" });
}

/** An RA solution package built the way a vendor would: manifest.json and the objects it installs. */
function buildSolutionZip(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "baton-e2e-ra-"));
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ name, version: "1.0.0", title: "Demo" }));
  writeFileSync(join(dir, "objects.json"), JSON.stringify({ data: [{ jobs: { general_attributes: { name: "RA.E2E.JOB", type: "JOBS" }, job_attributes: { agent: "LOCAL" } }, path: "" }] }));
  const zip = join(dir, `${name}.zip`);
  execFileSync("python3", ["-m", "zipfile", "-c", zip, "manifest.json", "objects.json"], { cwd: dir });
  return zip;
}

test("features say On or Off, and certificates say the server speaks plain HTTP", async ({ page }) => {
  await page.goto("/system/features");
  await logInThroughForm(page);
  const features = page.getByRole("table", { name: "Features" });
  const https = features.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "HTTPS", exact: true }) });
  await expect(https).toContainText("Off");
  await expect(features.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "RA_SOLUTIONS", exact: true }) })).toContainText("On");
  await page.screenshot({ path: join(artifacts, "system-features.png"), fullPage: true });

  await openSystemTab(page, "Certificates");
  await expect(page).toHaveURL(/\/system\/certificates$/);
  await expect(page.getByText("Baton serves plain HTTP")).toBeVisible();
  const howTo = page.getByText(/To turn HTTPS on/);
  await expect(howTo).toContainText("BATON_TLS_CERT and BATON_TLS_KEY");
  await expect(howTo).toContainText("PEM files");
  await page.screenshot({ path: join(artifacts, "system-certificates.png"), fullPage: true });
});

test("client 100 lists only itself with its counts and cannot delete itself", async ({ page }) => {
  await page.goto("/system/clients");
  await logInThroughForm(page);
  const clients = page.getByRole("table", { name: "Clients" });
  const row = clients.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "100", exact: true }) });
  // Objects, executions, users: the client holds at least its administrator.
  await expect(row.getByRole("cell").nth(3)).toHaveText(/^[1-9]\d*$/);
  // Another client's counts are that client's business: only client 0 lists every client.
  await expect(clients.getByRole("rowheader", { name: "0", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete client 100" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete client 100" })).toHaveAccessibleDescription(/logged in to this client/);
  await page.screenshot({ path: join(artifacts, "system-clients.png"), fullPage: true });
});

test("a client-0 user who may see the clients but not administer the system is offered no Delete", async ({ page, request }) => {
  const watcher = { client: "0", user: `WATCHER${Date.now()}`, department: "OPS", password: "Watcher-Pass1" };
  const user = {
    data: { user: { general_attributes: { name: `${watcher.user}/${watcher.department}` }, user_attributes: { password: watcher.password }, privileges: ["SYSTEM_OVERVIEW"] } },
    path: "",
  };
  expect((await request.post("/ae/api/v1/0/objects", { headers: { authorization: basicAuth(SYSTEM_ADMIN) }, data: user })).status()).toBe(200);
  await page.goto("/system/clients");
  await logInThroughForm(page, watcher);
  const reason = "Your user may not use client deletion: it needs the privilege SYSTEM_ADMINISTRATION. Ask an administrator.";
  const clients = page.getByRole("table", { name: "Clients" });
  await expect(clients.getByRole("rowheader", { name: "100", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete client 100" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete client 100" })).toHaveAccessibleDescription(reason);
  await expect(page.getByRole("note").filter({ hasText: reason })).toHaveCount(1);
  await page.screenshot({ path: join(artifacts, "system-clients-watcher.png"), fullPage: true });
});

test("an agent package for a new name downloads a zip with the agent and its agent.ini", async ({ page }) => {
  const name = `E2E_PACK_${Date.now()}`;
  await page.goto("/system/agents");
  await logInThroughForm(page);
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "LOCAL", exact: true }) })).toContainText("Runs inside the engine");
  await expect(page.getByRole("button", { name: "Delete agent LOCAL" })).toHaveCount(0);

  await page.getByRole("button", { name: "New agent package" }).click();
  const dialog = page.getByRole("dialog", { name: "New agent package" });
  await expect(dialog).toContainText("replaces the agent's key");
  await dialog.getByLabel("Agent name").fill(name.toLowerCase());
  // A configuration that is not one the agent reads is refused: the server's reason shows in the dialog.
  await dialog.getByLabel("Configuration changes (optional)").fill("[GLOBAL]\nname[] = SOMEONE_ELSE");
  await dialog.getByRole("button", { name: "Download package" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The package was not made");
  await expect(dialog.getByRole("alert")).toContainText("is not an agent configuration");

  // The agent name of the dialog wins over a [GLOBAL] name of the changes (docs/decisions.md, agents).
  await dialog.getByLabel("Configuration changes (optional)").fill("[GLOBAL]\nname = SOMEONE_ELSE\n[AGENT]\nmax_jobs = 4");
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download package" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^baton-agent-${name}-[0-9a-f]{12}\\.zip$`));
  const saved = join(mkdtempSync(join(tmpdir(), "baton-e2e-pack-")), download.suggestedFilename());
  await download.saveAs(saved);
  const entries = zipEntries(saved);
  expect(entries).toContain("baton-agent/agent.ini");
  expect(entries).toContain("baton-agent/baton-agent.mjs");
  await expect(dialog.getByRole("status")).toContainText("has started");
  await page.screenshot({ path: join(artifacts, "system-agent-package.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) })).toContainText("Not connected");
  await expect(page.getByRole("rowheader", { name: "SOMEONE_ELSE", exact: true })).toHaveCount(0);
});

test("RA solutions are only offered in client 0", async ({ page }) => {
  await page.goto("/system/ra-solutions");
  await logInThroughForm(page);
  await expect(page.getByText("RA solutions are managed in client 0")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload RA solution package" })).toHaveCount(0);
});

test("an RA solution is uploaded from the console, then installed", async ({ page, request }) => {
  const name = `DEMO${Date.now()}`;
  const zip = buildSolutionZip(name);
  await page.goto("/system/ra-solutions");
  await logInThroughForm(page, SYSTEM_ADMIN);
  await expect(page.getByText("No RA solutions uploaded")).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload RA solution package" })).toContainText("does not verify signatures");

  await page.getByLabel("RA solution package (.zip)").setInputFiles(zip);
  const row = page.getByRole("table", { name: "RA solutions" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
  await expect(page.getByRole("status").filter({ hasText: `${name} uploaded` })).toBeVisible();
  await expect(row).toContainText("Uploaded, not installed");

  await row.getByRole("button", { name: `Install ${name} 1.0.0` }).click();
  await expect(row).toContainText("Installed");
  await expect(row).toContainText("Version 1.0.0");
  await expect(row).toContainText("by ADMIN");
  await page.screenshot({ path: join(artifacts, "system-ra-solutions.png"), fullPage: true });

  // The installed job exists in client 0.
  const job = await request.get("/ae/api/v1/0/objects/RA.E2E.JOB", { headers: { authorization: basicAuth(SYSTEM_ADMIN) } });
  expect(job.status()).toBe(200);
});
