import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutHealthCheck, OutRunId } from "@baton/contract";
import { createTestDatabase, testDialects, type TestDatabase } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, reportText } from "./testing/report-text";
import { call, exited, startProcess, waitForStatus, type Process } from "./testing/baton-process";
import { jobEnvelope, until } from "./testing/test-baton";

// Three heartbeats are 600 ms; a node counts as alive for the lease, 1.5 s, after its last life sign.
const NODE_ENV = { BATON_HEARTBEAT_MS: "200", BATON_LEASE_MS: "1500", BATON_SESSION_KEY: "cluster-session-key-0123456789", BATON_AGENT_TOKEN: "cluster-agent-token-0123456789" };

/**
 * A node that stalls (SIGSTOP: a saturated machine, a long GC pause, a frozen VM) while one of its
 * jobs runs. The job's shell is a process of its own and runs on; the node records its end once it
 * resumes.
 */
describe.runIf(testDialects.includes("postgres"))("a node that stalls while its job runs, on PostgreSQL", () => {
  let database: TestDatabase;
  let dir: string;
  let runs: string;
  let leader: Process;
  let stalling: Process;

  const act = (runId: number) => reportText(adminGet(leader.rest), 100, runId, "ACT");
  const ranTimes = (runId: number) => readFileSync(runs, "utf8").split("\n").filter((line) => line === String(runId)).length;

  /** Starts the job on the stalling node, waits until it is active, then stops that node for `ms`. */
  async function stallDuringJob(ms: number, whileStopped?: (runId: number) => Promise<void>): Promise<number> {
    const runId = OutRunId.parse(await call(stalling.rest, "/100/executions", { object_name: "STALL.JOB", execution_option: "execute" })).run_id;
    await waitForStatus(leader.rest, runId, (status) => status === 1550);
    stalling.child.kill("SIGSTOP");
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await whileStopped?.(runId);
    } finally {
      stalling.child.kill("SIGCONT");
    }
    return runId;
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    dir = mkdtempSync(join(tmpdir(), "baton-stall-"));
    runs = join(dir, "runs.log");
    const env = { DATABASE_URL: database.databaseUrl ?? "", ...NODE_ENV };
    leader = await startProcess(join(dir, "leader"), { ...env, BATON_NODE_ID: "STALL-LEADER" });
    await until(async () => OutHealthCheck.safeParse(await call(leader.rest, "/100/system/health?details=true")).data?.pwp.available?.[0]?.name === "STALL-LEADER");
    stalling = await startProcess(join(dir, "stalling"), { ...env, BATON_NODE_ID: "STALL-NODE" });
    await call(leader.rest, "/100/objects", jobEnvelope("STALL.JOB", ["sleep 1.5", `echo "$BATON_RUN_ID" >> ${runs}`]));
  });

  afterAll(async () => {
    for (const node of [leader, stalling]) {
      node.child.kill("SIGCONT");
      node.child.kill("SIGKILL");
      await exited(node.child);
    }
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a stall shorter than the lease: nothing is taken over, the job ends OK on its node", async () => {
    // 1 s without a life sign: more than three heartbeats, less than the lease.
    const runId = await stallDuringJob(1_000);
    const ended = await waitForStatus(leader.rest, runId, (status) => status >= 1800);
    expect(ended.status).toBe(1900);
    expect(await act(runId)).not.toContain("U00011803");
    expect(ranTimes(runId)).toBe(1);
  });

  it("a stall longer than the lease: the leader ends the job lost, and the job's own end after the node resumed does not overwrite it", async () => {
    const runId = await stallDuringJob(2_500, async (stalled) => {
      // While the node is stopped the leader takes its execution over: the end of the job is unknown.
      expect((await waitForStatus(leader.rest, stalled, (status) => status >= 1800)).status).toBe(1815);
    });
    // The node resumes and learns the job's real end; it writes it to the report, not over the status.
    await until(async () => (await act(runId)).includes("U00011410"), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await waitForStatus(leader.rest, runId, () => true)).status).toBe(1815);
    expect(await act(runId)).toContain("U00011803");
    // The job ran once: taking an execution over never starts it again.
    await until(() => ranTimes(runId) === 1);
    expect(stalling.output()).toContain("the job's end is not recorded");
  });
});
