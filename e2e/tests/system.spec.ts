import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, E2E_AGENT_TOKEN, adminPost, basicAuth, logInThroughForm } from "./login";

const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));
const agentBin = fileURLToPath(new URL("../../packages/agent/bin/baton-agent.mjs", import.meta.url));
const AGENT = "E2E_AGENT";

let agent: ChildProcess | undefined;
let agentLog = "";

test.describe.configure({ mode: "serial" });

/** A real standalone agent process, connected to the test server before the tests start. */
test.beforeAll(async ({}, testInfo) => {
  const engine = testInfo.project.use.baseURL;
  if (!engine) throw new Error("playwright.config.ts sets no baseURL");
  const dir = mkdtempSync(join(tmpdir(), "baton-e2e-agent-"));
  // The agent is client 100's, which administers it in these tests: made there ahead, then enrolled with the operator's token.
  const made = await fetch(new URL("/ae/api/v1/100/system/agents", engine), { method: "POST", headers: { authorization: basicAuth(ADMIN), "content-type": "application/json" }, body: JSON.stringify({ name: AGENT, template: "<UNIX>" }) });
  // It may exist from an earlier run: a conflict, which is a 400 with the CONFLICT code (45105).
  const text = await made.text();
  const exists = made.status === 400 && text.includes('"code":45105');
  if (made.status !== 200 && !exists) throw new Error(`could not make agent ${AGENT}: ${made.status} ${text}`);
  const child = spawn(process.execPath, [agentBin, "--engine", engine, "--name", AGENT, "--token", E2E_AGENT_TOKEN, "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
  agent = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the agent did not connect within 30 s:\n${agentLog}`)), 30_000);
    const read = (chunk: Buffer) => {
      agentLog += chunk.toString();
      if (agentLog.includes("connected to")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the agent exited with ${code}:\n${agentLog}`));
    });
  });
  mkdirSync(artifacts, { recursive: true });
});

test.afterAll(async () => {
  if (!agent || agent.exitCode !== null) return;
  const exited = new Promise((resolve) => agent?.once("exit", resolve));
  agent.kill("SIGTERM");
  await exited;
});

async function openSystemTab(page: Page, tab: string): Promise<void> {
  await page.getByRole("navigation", { name: "System screens" }).getByRole("tab", { name: tab }).click();
}

test("the standalone agent appears connected among the agents, filtered through the URL", async ({ page }) => {
  const spare = `E2E_SPARE_${Date.now()}`;
  await page.goto("/login");
  await logInThroughForm(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "System" }).click();
  await expect(page).toHaveURL(/\/system\/health$/);
  await openSystemTab(page, "Agents");
  await expect(page).toHaveURL(/\/system\/agents$/);

  const agents = page.getByRole("table", { name: "Agents" });
  const row = agents.getByRole("row").filter({ has: page.getByRole("rowheader", { name: AGENT, exact: true }) });
  await expect(row).toContainText("Connected");
  await expect(row).toContainText("UNIX");
  await expect(row).toContainText("Node.js");

  // A new agent waits, not connected, for its first connection.
  await page.getByRole("button", { name: "Create agent" }).click();
  const create = page.getByRole("dialog", { name: "Create agent" });
  await create.getByLabel("Name").fill(spare.toLowerCase());
  await create.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: /<WIN>/ }).click();
  await create.getByRole("button", { name: "Create agent" }).click();
  await expect(create).toBeHidden();
  const spareRow = agents.getByRole("row").filter({ has: page.getByRole("rowheader", { name: spare, exact: true }) });
  await expect(spareRow).toContainText("Not connected");
  await expect(spareRow).toContainText("WINDOWS");
  await page.screenshot({ path: join(artifacts, "system-agents.png"), fullPage: true });

  // Filters live in the URL and survive a reload.
  await page.getByRole("search", { name: "Agent filters" }).getByLabel("Name").fill("E2E*");
  await page.getByRole("combobox", { name: "Connected" }).click();
  await page.getByRole("option", { name: "Connected", exact: true }).click();
  await expect(page).toHaveURL(/name=E2E\*.*active=yes|active=yes.*name=E2E\*/);
  await page.reload();
  await expect(page.getByRole("search", { name: "Agent filters" }).getByLabel("Name")).toHaveValue("E2E*");
  await expect(row).toBeVisible();
  await expect(spareRow).toHaveCount(0);
  await expect(agents.getByRole("rowheader", { name: "LOCAL" })).toHaveCount(0);

  // A connected agent cannot be deleted; the refusal says what to do.
  await page.getByRole("button", { name: `Delete agent ${AGENT}` }).click();
  const refuse = page.getByRole("dialog", { name: `Delete agent ${AGENT}?` });
  await refuse.getByRole("button", { name: "Delete" }).click();
  await expect(refuse.getByRole("alert")).toContainText("The agent was not deleted");
  await expect(refuse.getByRole("alert")).toContainText("Stop the agent first");
  await refuse.getByRole("button", { name: "Cancel" }).click();

  // Nor does it get a package: a package would replace the key it is connected with.
  await page.getByRole("button", { name: `Download package for agent ${AGENT}` }).click();
  const pack = page.getByRole("dialog", { name: `Agent package for ${AGENT}` });
  await expect(pack.getByLabel("Agent name")).toHaveValue(AGENT);
  await expect(pack).toContainText(`${AGENT} is connected now`);
  await pack.getByRole("button", { name: "Download package" }).click();
  await expect(pack.getByRole("alert").filter({ hasText: "The package was not made" })).toContainText("Stop the agent, then download the package again");
  await pack.getByRole("button", { name: "Cancel" }).click();

  // The spare one, not connected, is renamed, gets its key reset and is deleted.
  await page.goto("/system/agents?name=E2E_SPARE*");
  await page.getByRole("button", { name: `Rename agent ${spare}` }).click();
  const rename = page.getByRole("dialog", { name: `Rename agent ${spare}` });
  await rename.getByLabel("New name").fill(`${spare}_B`);
  await rename.getByRole("button", { name: "Rename" }).click();
  await expect(rename).toBeHidden();
  const renamed = `${spare}_B`;
  await page.getByRole("button", { name: `Reset key agent ${renamed}` }).click();
  const reset = page.getByRole("dialog", { name: `Reset the key of ${renamed}?` });
  await expect(reset).toContainText("must enrol again");
  await reset.getByRole("button", { name: "Reset key" }).click();
  await expect(reset).toBeHidden();
  await page.getByRole("button", { name: `Delete agent ${renamed}` }).click();
  await page.getByRole("dialog", { name: `Delete agent ${renamed}?` }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("rowheader", { name: renamed })).toHaveCount(0);
  await expect(page.getByText("No agents match")).toBeVisible();
});

test("a job sent to the agent ends OK, and its group shows it connected", async ({ page, request }) => {
  const stamp = Date.now();
  const job = `E2E.SYSTEM.JOB.${stamp}`;
  const group = `E2E.SYSTEM.HG.${stamp}`;
  await adminPost(request, "/objects", { data: { jobs: { general_attributes: { name: job }, job_attributes: { agent: AGENT }, scripts: [{ process: [`echo ran-on-${AGENT}`] }] } }, path: "" });
  await adminPost(request, "/objects", {
    data: {
      hostg: {
        general_attributes: { name: group, type: "HOSTG", title: "Agents of the system test" },
        agent_group_attributes: { platform: "UNIX", mode: "F" },
        agent_group_filters: [{ type: "H", agent: AGENT }, { type: "F", agent: "LOC*" }],
      },
    },
    path: "",
  });
  const answer = await adminPost(request, "/executions", { objectName: job, executionOption: "execute" });
  const runId = typeof answer === "object" && answer !== null && "run_id" in answer ? Number(answer.run_id) : Number.NaN;
  expect(runId).toBeGreaterThan(0);

  await page.goto(`/executions/${runId}`);
  await logInThroughForm(page);
  await expect(page.getByRole("region", { name: "Execution status" })).toContainText("ENDED_OK", { timeout: 30_000 });
  await expect(page.getByRole("definition").filter({ hasText: new RegExp(`^${AGENT}$`) })).toBeVisible();
  await expect(page.getByLabel("REP report")).toContainText(`ran-on-${AGENT}`);

  await page.goto("/system/agentgroups");
  const card = page.getByRole("region", { name: group });
  await expect(card).toContainText("Agents of the system test");
  await expect(card).toContainText("Mode F — First");
  await expect(card).toContainText(/[1-9]\d* of [1-9]\d* agents connected/);
  await expect(card.getByRole("list", { name: `Agents of ${group}` }).getByRole("listitem").filter({ hasText: AGENT })).toContainText("Connected");
  await page.screenshot({ path: join(artifacts, "system-agentgroups.png"), fullPage: true });
});

test("health says UP in words, with the agent among the CP's connections", async ({ page }) => {
  await page.goto("/system/health");
  await logInThroughForm(page);
  await expect(page.getByRole("status", { name: "Overall health" })).toContainText("Baton is UP");
  // The switch follows the URL, so it turns once the URL has changed.
  await page.getByLabel("Show instances").click();
  await expect(page).toHaveURL(/details=true/);
  await expect(page.getByLabel("Show instances")).toBeChecked();
  const cp = page.getByRole("region", { name: /^CP — / });
  await expect(cp).toContainText("UP");
  await expect(cp).toContainText("1 instance running");
  const connections = cp.getByRole("table", { name: "CP instances" }).getByRole("row").nth(1).getByRole("cell").nth(1);
  await expect(connections).toHaveText(/^[1-9]\d*$/);
  await expect(cp).toContainText("ago");
  await page.screenshot({ path: join(artifacts, "system-health.png"), fullPage: true });
});

test("metrics move with the job that ran on the agent, and draw a chart per dashboard for the range in the URL", async ({ page, request }) => {
  // The test server samples every 2 s (playwright.config.ts): the ended job shows in the history.
  await expect
    .poll(async () => {
      const answer = await request.get("/ae/api/v1/100/system/metrics?type=executions_ended_ok", { headers: { authorization: basicAuth(ADMIN) } });
      const entries = (await answer.json()) as { values: { executions_ended_ok?: number } }[];
      return entries.reduce((sum, entry) => sum + (entry.values.executions_ended_ok ?? 0), 0);
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  await page.goto("/system/metrics");
  await logInThroughForm(page);
  const titles = ["Executions per minute", "Active and waiting executions", "API latency", "API requests per minute", "Agents connected"];
  for (const title of titles) {
    const figure = page.getByRole("figure", { name: title, exact: true });
    await expect(figure.locator(".recharts-wrapper")).toBeVisible();
    await expect(figure.getByRole("alert")).toHaveCount(0);
  }
  const range = page.getByRole("group", { name: "Time range" });
  await range.getByRole("button", { name: "Last 6 hours" }).click();
  await expect(page).toHaveURL(/last=6h/);
  await expect(range.getByRole("button", { name: "Last 6 hours" })).toHaveAttribute("aria-pressed", "true");
  await range.getByRole("button", { name: "Custom" }).click();
  await expect(page).toHaveURL(/from=/);
  await expect(range.getByLabel("From")).not.toHaveValue("");
  await page.reload();
  await expect(page.getByRole("group", { name: "Time range" }).getByRole("button", { name: "Custom" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("group", { name: "Time range" }).getByRole("button", { name: "Last hour" }).click();
  await expect(page).toHaveURL(/\/system\/metrics$/);
  await expect(page.getByRole("figure", { name: "Agents connected", exact: true }).locator(".recharts-wrapper").or(page.getByRole("figure", { name: "Agents connected", exact: true }).getByText("No samples yet in this range"))).toBeVisible();
  await page.screenshot({ path: join(artifacts, "system-metrics.png"), fullPage: true });
});
