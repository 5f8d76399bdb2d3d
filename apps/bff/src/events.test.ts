import { ErrorCode, OutExecution, OutExecutionList, OutObject, OutReportContent, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

function flag(value: string) {
  return { data: { vara: { general_attributes: { name: "VARA.EVT" }, static_values: [{ key: "FLAG", value1: value }] } }, path: "" };
}

function event(name: string, attributes: Record<string, string>) {
  return {
    data: {
      evnt: {
        general_attributes: { name, type: "EVNT" },
        event_attributes: { event_type: "TIME", ...attributes },
        scripts: [
          { pre_process: [':IF GET_VAR(VARA.EVT, FLAG) = "GO"', ':SET &EVENT# = "FIRE"', ":ENDIF"] },
          { process: [':PUT_VAR VARA.EVT, FLAG, "DONE"', ":SET &R# = ACTIVATE_UC_OBJECT(EVT.JOB)", ':PRINT "fired"'] },
        ],
      },
    },
    path: "",
  };
}

describe("time events", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
    await test.rest("/100/objects", json(jobEnvelope("EVT.JOB", ["echo event-job"])));
  });
  afterAll(async () => {
    await test.stop();
  });

  async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("checks every interval and fires its process when the check holds, ending after max hits", async () => {
    await test.rest("/100/objects?overwrite_existing_objects=true", json(flag("WAIT")));
    await test.rest("/100/objects", json(event("EVT.WATCH", { interval_seconds: "1", max_hits: "1" })));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "EVT.WATCH", executionOption: "execute" }))).json()).run_id;
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).type).toBe("Event");
    // Nothing fires while the flag says WAIT.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(OutExecutionList.parse(await (await test.rest("/100/executions?name=EVT.JOB")).json()).total).toBe(0);

    await test.rest("/100/objects?overwrite_existing_objects=true", json(flag("GO")));
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    const act = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${runId}/reports/ACT`)).json()).map((p) => p.content).join("");
    expect(act).toContain("fired (hit 1)");
    expect(act).toContain("fired\n");
    expect(act).toContain("reached 1 hits");
    await until(async () => OutExecutionList.parse(await (await test.rest("/100/executions?name=EVT.JOB&status=1900")).json()).total === 1);
    const vara = OutObject.parse(await (await test.rest("/100/objects/VARA.EVT")).json());
    expect(vara.data["vara"]?.["static_values"]).toEqual([{ key: "FLAG", value1: "DONE" }]);
  });

  it("runs until cancelled without max hits", async () => {
    await test.rest("/100/objects?overwrite_existing_objects=true", json(flag("WAIT")));
    await test.rest("/100/objects", json(event("EVT.FOREVER", { interval_seconds: "1" })));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "EVT.FOREVER", executionOption: "execute" }))).json()).run_id;
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }))).status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1850 });
  });

  it("refuses an event whose attributes or pages are wrong", async () => {
    const response = await test.rest("/100/objects", json(event("EVT.BAD", { interval_seconds: "0" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_OBJECT, path: "data.evnt.event_attributes", error: expect.stringContaining("interval_seconds") })]);
  });
});
