import { ErrorCode, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe("prompt-set inputs", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
    await test.rest(
      "/100/objects",
      json({
        data: { prpt: { general_attributes: { name: "PRPT.BACKUP" }, prompt_elements: [{ name: "TARGET#", type: "text", default: "/tmp" }, { name: "DAYS#", type: "number", required: "1" }] } },
        path: "",
      }),
    );
    const job = jobEnvelope("PROMPTED.JOB", ["echo target=&TARGET# days=&DAYS#"]);
    await test.rest("/100/objects", json({ ...job, data: { jobs: { ...job.data.jobs, prompt_set_list: [{ name: "PRPT.BACKUP" }] } } }));
  });
  afterAll(async () => {
    await test.stop();
  });

  it("lists an object's inputs with their defaults", async () => {
    expect(await (await test.rest("/100/objects/PROMPTED.JOB/inputs")).json()).toEqual({ "PRPT.BACKUP": { "TARGET#": "/tmp", "DAYS#": null } });
    expect(await (await test.rest("/100/objects/NOT.THERE/inputs")).json()).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
  });

  it("starts with the inputs as variables, defaults filling the rest; a restart may change them", async () => {
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "PROMPTED.JOB", executionOption: "execute", inputs: { "DAYS#": "7" } }))).json()).run_id;
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    const rep = await reportText(test.rest, 100, runId, "REP");
    expect(rep).toBe("target=/tmp days=7\n");
    const restarted = OutRunId.parse(await (await test.rest(`/100/executions/${runId}/status`, json({ action: "restart", restart: { inputs: { DAYS: 1, TARGET: "/srv" } } }))).json()).run_id;
    await waitForEnd(test, 100, restarted);
    const again = await reportText(test.rest, 100, restarted, "REP");
    expect(again).toBe("target=/srv days=1\n");
  });

  it.each([
    [{}, "inputs.DAYS#", "is required"],
    [{ "DAYS#": "a week" }, "inputs.DAYS#", "must be a number"],
    [{ "DAYS#": 1, "COLOR#": "red" }, "inputs.COLOR#", "is not an input"],
    [{ "DAYS#": 1, "TARGET#": "/tmp; rm -rf /srv" }, "inputs.TARGET#", "shell"],
  ])("refuses %j and starts nothing", async (inputs, path, error) => {
    const response = await test.rest("/100/executions", json({ objectName: "PROMPTED.JOB", executionOption: "execute", inputs }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path, error: expect.stringContaining(error) })]);
  });
});
