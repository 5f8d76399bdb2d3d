import { createServer, type Server } from "node:http";
import { OutErtEstimations, OutExecution, OutExecutionList } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../auth/basic-credentials";
import { wireTime } from "../domain/wire-time";
import { jobEnvelope, workflow } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { ManualClock, startTestEngine, until, type TestEngine } from "../testing/test-engine";

const MINUTE = 60_000;

/** A job whose estimate is fixed, so the ERTs below do not depend on how fast this machine runs jobs. */
const fixedJob = (name: string, seconds: number, lines = ["true"]) =>
  jobEnvelope(name, lines, { general_attributes: { name, type: "JOBS", queue: "CLIENT_QUEUE", ert_method: "FIXED", ert_fixed: String(seconds) } });

/**
 * What the REST API says of runs that wait and runs that are blocked: when a waiting run is planned
 * to start (planned_start_time), since when a blocked run is blocked (blocked_since), and an ERT that
 * is the estimate of the run's work whatever the time it waited. The engine's clock is moved by the
 * test, so "26 minutes later" takes no time; the answers are read over HTTP as clients read them.
 */
describe.each(testDialects)("waiting and blocked runs over time on %s", (dialect) => {
  let test: TestEngine;
  let server: Server;
  let base = "";
  // Whole seconds: the API writes times to the second.
  const clock = new ManualClock(Math.floor(Date.now() / 1000) * 1000);

  beforeAll(async () => {
    test = await startTestEngine(dialect, { clock });
    server = createServer(test.engine.handleRest);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/ae/api/v1/100`;
    await test.importObjects(fixedJob("HT.EXTRACT", 4), fixedJob("HT.LOAD", 10), fixedJob("HT.FAIL", 5, ["exit 3"]));
    await test.importObjects(workflow("HT.FLOW", [{ name: "HT.EXTRACT" }, { name: "HT.LOAD", after: [2] }], [3]));
    await test.importObjects(workflow("HT.BLOCKS", [{ name: "HT.FAIL" }, { name: "HT.LOAD", after: [2] }], [3]));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await test.stop();
  });

  async function get<T>(path: string, schema: { parse(value: unknown): T }): Promise<T> {
    const response = await fetch(`${base}${path}`, { headers: { authorization: basicAuthorization({ user: "ADMIN", department: "ADMIN", password: "Test-Admin-1" }) } });
    expect(response.status).toBe(200);
    return schema.parse(await response.json());
  }
  const execution = (runId: number) => get(`/executions/${runId}`, OutExecution);
  const ert = (runId: number) => get(`/executions/${runId}/ert`, OutErtEstimations);
  const once = (objectName: string, at: number) => test.start({ objectName, executionOption: "once", once: { executionDateTime: wireTime(at) } });
  const cancel = (runId: number) => test.engine.executions.changeStatus(test.admin, runId, { action: "cancel", cancel: { recursive: true } });

  it("a workflow waiting for its start time says when it will start; its ERT is its work, however long ago it was activated", async () => {
    const due = clock.now() + 60 * MINUTE;
    const runId = await once("HT.FLOW", due);

    const waiting = await execution(runId);
    expect(waiting).toMatchObject({ status: 1698, planned_start_time: wireTime(due) });
    expect(waiting.blocked_since).toBeUndefined();
    const listed = await get(`/executions?name=HT.FLOW`, OutExecutionList);
    expect(listed.data.find((e) => e.run_id === runId)).toMatchObject({ planned_start_time: wireTime(due) });

    // Read at activation and 26 minutes later: 4 s then 10 s of work, planned from its start time.
    for (const wait of [0, 26 * MINUTE]) {
      clock.advance(wait);
      const estimate = await ert(runId);
      expect(estimate.ert).toBe(14);
      expect(estimate.estimated_start_times).toEqual({ "-2": due, "-3": due + 4000 });
      expect(estimate.rrt).toBe((due + 14_000 - clock.now()) / 1000);
    }
    await cancel(runId);
    expect((await execution(runId)).planned_start_time).toBeUndefined();
  });

  it("a job waiting for its start time is expected to start then, for its own estimate", async () => {
    const due = clock.now() + 10 * MINUTE;
    const runId = await once("HT.EXTRACT", due);
    expect(await execution(runId)).toMatchObject({ status: 1698, planned_start_time: wireTime(due), estimated_runtime: 4 });
    expect(await ert(runId)).toMatchObject({ ert: 4, estimated_start_times: { [String(runId)]: due }, rrt: 10 * 60 + 4 });
    await cancel(runId);
  });

  it("a schedule's tasks waiting for their time carry their planned start, in the list of its children too", async () => {
    const startAt = clock.now() + 2 * 60 * MINUTE;
    const jsch = {
      data: {
        jsch: {
          general_attributes: { name: "HT.DAILY", type: "JSCH" },
          schedule_attributes: { timezone: "UTC" },
          schedule_definitions: [{ line_number: "1", object_name: "HT.EXTRACT", start_time: wireTime(startAt).slice(11, 19) }],
        },
      },
      path: "",
    };
    await test.importObjects(jsch);
    const runId = await test.start("HT.DAILY");
    await until(async () => (await test.children(runId)).length === 1);
    const [slot] = await test.children(runId);
    // The next time of day the task is due at is two hours on, today or after midnight.
    expect(slot?.dueAt).toBe(startAt);
    const children = await get(`/executions/${runId}/children`, OutExecutionList);
    expect(children.data).toEqual([expect.objectContaining({ status: 1698, planned_start_time: wireTime(startAt), estimated_runtime: 4 })]);
    expect((await execution(runId)).planned_start_time).toBeUndefined();
    await cancel(runId);
  });

  it("a blocked workflow says since when, and its ERT stays put while it waits for an operator", async () => {
    const activated = clock.now();
    const runId = await test.start("HT.BLOCKS");
    await test.waitForStatus(runId, 1560);
    const blocked = await execution(runId);
    expect(blocked).toMatchObject({ status: 1560, blocked_since: wireTime(activated) });
    expect(blocked.planned_start_time).toBeUndefined();
    // The failed task took no time on this clock; LOAD's 10 s are what is left to do.
    expect((await ert(runId)).ert).toBe(10);

    clock.advance(5 * MINUTE);
    expect(await execution(runId)).toMatchObject({ blocked_since: wireTime(activated), runtime: 5 * 60 });
    expect((await ert(runId)).ert).toBe(10);
    await cancel(runId);
    expect((await test.waitForEnd(runId)).status).toBeGreaterThanOrEqual(1800);
    expect((await execution(runId)).blocked_since).toBeUndefined();
  });
});
