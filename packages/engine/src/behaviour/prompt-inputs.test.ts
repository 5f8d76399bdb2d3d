import { ErrorCode } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

describe.each(testDialects)("prompt-set inputs on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    const job = jobEnvelope("PROMPTED.JOB", ["echo target=&TARGET# days=&DAYS#"]);
    await test.importObjects(
      { data: { prpt: { general_attributes: { name: "PRPT.BACKUP" }, prompt_elements: [{ name: "TARGET#", type: "text", default: "/tmp" }, { name: "DAYS#", type: "number", required: "1" }] } }, path: "" },
      { ...job, data: { jobs: { ...job.data.jobs, prompt_set_list: [{ name: "PRPT.BACKUP" }] } } },
    );
  });
  afterAll(() => test.stop());

  it("lists an object's inputs with their defaults", async () => {
    expect(await test.engine.objects.inputs(test.admin, "PROMPTED.JOB")).toEqual({ "PRPT.BACKUP": { "TARGET#": "/tmp", "DAYS#": null } });
    expect(await refusal(test.engine.objects.inputs(test.admin, "NOT.THERE"))).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
  });

  it("starts with the inputs as variables, defaults filling the rest; a restart may change them", async () => {
    const runId = await test.start({ objectName: "PROMPTED.JOB", executionOption: "execute", inputs: { "DAYS#": "7" } });
    expect((await test.waitForEnd(runId)).status).toBe(1900);
    expect(await test.reportText(runId, "REP")).toBe("target=/tmp days=7\n");
    const restarted = await test.engine.executions.changeStatus(test.admin, runId, { action: "restart", restart: { inputs: { DAYS: 1, TARGET: "/srv" } } });
    await test.waitForEnd(restarted.runId);
    expect(await test.reportText(restarted.runId, "REP")).toBe("target=/srv days=1\n");
  });

  it.each([
    [{}, "inputs.DAYS#", "is required"],
    [{ "DAYS#": "a week" }, "inputs.DAYS#", "must be a number"],
    [{ "DAYS#": 1, "COLOR#": "red" }, "inputs.COLOR#", "is not an input"],
    [{ "DAYS#": 1, "TARGET#": "/tmp; rm -rf /srv" }, "inputs.TARGET#", "shell"],
  ])("refuses %j and starts nothing", async (inputs, path, error) => {
    const refused = await refusal(test.start({ objectName: "PROMPTED.JOB", executionOption: "execute", inputs }));
    expect(refused).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ path, error: expect.stringContaining(error) })] });
  });
});
