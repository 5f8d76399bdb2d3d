import { Status } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "./test-databases";
import { startTestEngine, type TestEngine } from "./test-engine";

describe.each(testDialects)("the test engine on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
  });
  afterAll(() => test.stop());

  it("runs a job on the embedded agent without HTTP, and keeps it over a restart", async () => {
    await test.importObjects({
      data: { jobs: { general_attributes: { name: "HARNESS.JOB", type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" }, scripts: [{ process: ["echo harness"] }] } },
      path: "TESTS",
    });
    const runId = await test.start("HARNESS.JOB");
    expect(await test.waitForEnd(runId)).toMatchObject({ name: "HARNESS.JOB", status: Status.ENDED_OK, agent: "LOCAL" });
    test = await test.restart();
    expect(await test.engine.executions.get(test.admin, runId)).toMatchObject({ status: Status.ENDED_OK });
  });
});
