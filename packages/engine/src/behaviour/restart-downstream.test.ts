import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InChangeExecutionStatusBody } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, workflow } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

// A workflow's restart from a task with downstream_only (a Baton extension of RestartOptions):
// the task and what is downstream of it run again, once each; every other task keeps its result
// and is recorded as not run again (1922).
describe.each(testDialects)("restarting a workflow's task and what is downstream of it on %s", (dialect) => {
  let test: TestEngine;
  let dir: string;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    dir = mkdtempSync(join(tmpdir(), "baton-downstream-"));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const status = (runId: number, body: unknown) => test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse(body));

  it("runs only the task and the tasks reachable from it, exactly once; the parallel branch and earlier tasks are not run again", async () => {
    const log = join(dir, "ran.log");
    const broken = join(dir, "broken");
    writeFileSync(log, "");
    writeFileSync(broken, "");
    const step = (name: string) => jobEnvelope(`DS.${name}`, [`echo ${name} >> ${log}`]);
    // START(1) → A(2) → B(3) → D(5) → E(6) → END(7), and A(2) → C(4) → E(6).
    await test.importObjects(
      step("A"),
      jobEnvelope("DS.B", [`if [ -f ${broken} ]; then exit 3; fi`, `echo B >> ${log}`]),
      step("C"),
      step("D"),
      step("E"),
      workflow("DS.FLOW", [{ name: "DS.A" }, { name: "DS.B", after: [2] }, { name: "DS.C", after: [2] }, { name: "DS.D", after: [3] }, { name: "DS.E", after: [5, 4] }], [6]),
    );
    const first = await test.start("DS.FLOW");
    await test.waitForStatus(first, 1560);
    await status(first, { action: "cancel", cancel: { recursive: true } });
    expect(await test.waitForEnd(first)).toMatchObject({ status: 1851 });
    expect(readFileSync(log, "utf8").split("\n").filter(Boolean).sort()).toEqual(["A", "C"]);

    unlinkSync(broken);
    writeFileSync(log, "");
    const restarted = (await status(first, { action: "restart", restart: { restart_point: "3", downstream_only: true } })).runId;
    expect(await test.waitForEnd(restarted)).toMatchObject({ status: 1900, referenceRunId: first, restartCount: 1 });
    const tasks = await test.children(restarted);
    // One execution per line: nothing ran twice, nothing was left out.
    expect(tasks.map((t) => [t.lineNumber, t.name, t.status]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [2, "DS.A", 1922],
      [3, "DS.B", 1900],
      [4, "DS.C", 1922],
      [5, "DS.D", 1900],
      [6, "DS.E", 1900],
    ]);
    expect(readFileSync(log, "utf8")).toBe("B\nD\nE\n");
    expect(await test.reportText(restarted, "ACT")).toContain("Workflow restarted from line 3 and the tasks downstream of it (lines 3, 5, 6): lines 2, 4 not run again.");

    // Without downstream_only the same restart point runs every later line again, C too.
    writeFileSync(log, "");
    const fromLine = (await status(first, { action: "restart", restart: { restartPoint: "3" } })).runId;
    expect(await test.waitForEnd(fromLine)).toMatchObject({ status: 1900 });
    expect(readFileSync(log, "utf8").split("\n").filter(Boolean).sort()).toEqual(["B", "C", "D", "E"]);
  });

  it("refuses downstream_only without a workflow's restart point, naming it, and creates nothing", async () => {
    await test.importObjects(jobEnvelope("DS.JOB", ["echo job"]), workflow("DS.SHORT", [{ name: "DS.JOB" }], [2]));
    const job = await test.start("DS.JOB");
    const flow = await test.start("DS.SHORT");
    await test.waitForEnd(job);
    await test.waitForEnd(flow);
    const before = (await test.engine.executions.list(test.admin, {}, { maxResults: 1000 })).total;
    for (const [runId, restart] of [
      [flow, { downstream_only: true }],
      [job, { downstreamOnly: true, restartPoint: "2" }],
    ] as const) {
      expect(await refusal(status(runId, { action: "restart", restart }))).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ path: "restart.downstream_only" })] });
    }
    expect((await test.engine.executions.list(test.admin, {}, { maxResults: 1000 })).total).toBe(before);
  });
});
