import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { spawnBaton } from "./baton-server";
import { ADMIN, basicAuth, logInThroughForm } from "./login";

// Two nodes on one PostgreSQL database (CI's throwaway cluster, TEST_DATABASE_URL); skipped without one.
const serverUrl = process.env.TEST_DATABASE_URL;
const artifacts = fileURLToPath(new URL("../artifacts/", import.meta.url));
const basePort = Number(process.env.E2E_PORT ?? 18480) + 10;

interface Node {
  id: string;
  url: string;
  child: ChildProcess;
}

test.describe("two nodes on one PostgreSQL database", () => {
  // Two nodes need PostgreSQL (one SQLite file has one node): without TEST_DATABASE_URL there is none
  // to run on. scripts/test.sh always provides one (a throwaway cluster), so CI runs this test.
  test.skip(serverUrl === undefined, "needs TEST_DATABASE_URL (a PostgreSQL server)");
  const database = `baton_e2e_cluster_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), "baton-e2e-cluster-"));
  const nodes: Node[] = [];

  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async function startNode(id: string, port: number): Promise<Node> {
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${database}`;
    const child = spawnBaton({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dataDir, id),
      DATABASE_URL: url.toString(),
      BATON_NODE_ID: id,
      BATON_ADMIN_PASSWORD: ADMIN.password,
      BATON_SESSION_KEY: "e2e-cluster-session-key-0123456789",
      BATON_AGENT_TOKEN: "e2e-cluster-agent-token-0123456789",
      BATON_HEARTBEAT_MS: "500",
      BATON_LEASE_MS: "3000",
      LOG_LEVEL: "warn",
    });
    const node = { id, url: `http://127.0.0.1:${port}`, child };
    nodes.push(node);
    await expect.poll(async () => (await fetch(`${node.url}/ae/api/v1/ping`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
    return node;
  }

  async function rest(node: Node, path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${node.url}/ae/api/v1/100${path}`, { method: "POST", headers: { authorization: basicAuth(ADMIN), "content-type": "application/json" }, body: JSON.stringify(body) });
    const text = await response.text();
    expect(response.status, `POST ${path} on ${node.id}: ${text}`).toBe(200);
    return text === "" ? undefined : JSON.parse(text);
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await admin(`create database ${database}`);
    // One after the other: the first creates the schema.
    await startNode("E2E-A", basePort);
    await startNode("E2E-B", basePort + 1);
  });

  test.afterAll(async () => {
    for (const node of nodes) node.child.kill("SIGKILL");
    await Promise.all(nodes.map((node) => (node.child.exitCode === null ? new Promise((resolve) => node.child.once("exit", resolve)) : undefined)));
    await admin(`drop database if exists ${database}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a console on node B follows, live, a workflow started on node A; its session is good on node A too", async ({ page }) => {
    test.setTimeout(120_000);
    const [a, b] = nodes as [Node, Node];
    const prefix = `E2E.CLUSTER.${Date.now()}`;
    await rest(a, "/objects", { data: { jobs: { general_attributes: { name: `${prefix}.STEP` }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: ["echo step", "sleep 2"] }] } }, path: "" });
    const definitions = [
      { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
      ...[2, 3, 4].map((line) => ({ line_number: line, object_name: `${prefix}.STEP`, object_type: "JOBS", row: 1, column: line })),
      { line_number: 5, object_name: "END", object_type: "<END>", row: 1, column: 5 },
    ];
    const conditions = [2, 3, 4, 5].map((line) => ({ workflow_line_number: line, predecessor_line_number: line - 1 }));
    await rest(a, "/objects", { data: { jobp: { general_attributes: { name: `${prefix}.WF`, type: "JOBP" }, workflow_definitions: definitions, line_conditions: conditions } }, path: "" });

    await page.goto(`${b.url}/login`);
    await logInThroughForm(page);
    const started = (await rest(a, "/executions", { objectName: `${prefix}.WF`, executionOption: "execute" })) as { run_id: number };

    // The one page load on node B: the workflow runs on node A, its changes arrive through B's event stream.
    await page.goto(`${b.url}/executions/${started.run_id}`);
    await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
    const status = page.getByRole("region", { name: "Execution status" });
    const tree = page.getByRole("treegrid", { name: "Tasks" });
    await expect(tree.getByRole("img", { name: "Active" }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("status", { name: "Task counts" })).toHaveText("3 tasks: 3 ended OK", { timeout: 30_000 });
    await expect(status).toContainText("ENDED_OK");
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, "cluster-console.png"), fullPage: true });

    // The session lives in the database: node A serves the same browser without a new login.
    await page.goto(`${a.url}/executions`);
    await expect(page.getByTestId("who-am-i")).toHaveText(`${ADMIN.user}/${ADMIN.department} @ ${ADMIN.client}`);
    await expect(page).not.toHaveURL(/\/login/);
  });
});
