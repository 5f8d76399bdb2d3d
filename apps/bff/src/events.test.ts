import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutExecution, OutExecutionList, OutObject, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, until, type TestBaton } from "./testing/test-baton";

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


  it("checks every interval and fires its process when the check holds, ending after max hits", async () => {
    await test.rest("/100/objects?overwrite_existing_objects=true", json(flag("WAIT")));
    await test.rest("/100/objects", json(event("EVT.WATCH", { interval_seconds: "1", max_hits: "1" })));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "EVT.WATCH", executionOption: "execute" }))).json()).run_id;
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).type).toBe("EVNT");
    // Nothing fires while the flag says WAIT.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(OutExecutionList.parse(await (await test.rest("/100/executions?name=EVT.JOB")).json()).total).toBe(0);

    await test.rest("/100/objects?overwrite_existing_objects=true", json(flag("GO")));
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    const act = await reportText(test.rest, 100, runId, "ACT");
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

describe("file events", () => {
  let test: TestBaton;
  let root: string;
  beforeAll(async () => {
    test = await startTestBaton();
    root = mkdtempSync(join(tmpdir(), "baton-evnt-"));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(root, { recursive: true, force: true });
  });

  function fileEvent(name: string, attributes: Record<string, string>) {
    return {
      data: {
        evnt: {
          general_attributes: { name, type: "EVNT" },
          event_attributes: { event_type: "FILE", agent: "LOCAL", interval_seconds: "1", ...attributes },
          scripts: [{ process: [':PRINT "got &EVENT_FILE# &EVENT_FILE_SIZE#"'] }],
        },
      },
      path: "",
    };
  }

  async function start(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
  }

  async function act(runId: number): Promise<string> {
    return await reportText(test.rest, 100, runId, "ACT");
  }


  it("fires once for each file that appears on the agent, with its path and size, and ends after max hits", async () => {
    const dir = mkdtempSync(join(root, "appears-"));
    writeFileSync(join(dir, "first.csv"), "12345");
    writeFileSync(join(dir, "ignored.txt"), "x");
    await test.rest("/100/objects", json(fileEvent("EVF.APPEARS", { file_path: join(dir, "*.csv"), max_hits: "2" })));
    const runId = await start("EVF.APPEARS");
    await until(async () => (await act(runId)).includes("fired (hit 1)"));
    // Checks go on, but a file fires only when it appears.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await act(runId)).not.toContain("hit 2");
    writeFileSync(join(dir, "second.csv"), "12");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900, agent: "LOCAL" });
    const text = await act(runId);
    expect(text).toContain(`fired (hit 1) for ${join(dir, "first.csv")}`);
    expect(text).toContain(`got ${join(dir, "first.csv")} 5`);
    expect(text).toContain(`fired (hit 2) for ${join(dir, "second.csv")}`);
    expect(text).toContain("reached 2 hits");
    expect(text).not.toContain("ignored.txt");
  });

  it("with STABLE fires only once a file has stopped changing between two checks", async () => {
    const dir = mkdtempSync(join(root, "stable-"));
    await test.rest("/100/objects", json(fileEvent("EVF.STABLE", { file_path: join(dir, "data.csv"), condition: "STABLE", max_hits: "1" })));
    const runId = await start("EVF.STABLE");
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    // The file grows across several checks: no hit while it does.
    for (let size = 1; size <= 10; size += 1) {
      writeFileSync(join(dir, "data.csv"), "x".repeat(size));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(await act(runId)).not.toContain("fired");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    expect(await act(runId)).toContain(`got ${join(dir, "data.csv")} 10`);
  });

  it("fails FAULT_NO_HOST on an unknown agent and refuses a file event without a path", async () => {
    await test.rest("/100/objects", json(fileEvent("EVF.FAR", { agent: "FARAWAY", file_path: join(root, "*") })));
    expect(await waitForEnd(test, 100, await start("EVF.FAR"))).toMatchObject({ status: 1821 });
    const response = await test.rest("/100/objects", json(fileEvent("EVF.BAD", { file_path: "relative/*.csv" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path: "data.evnt.event_attributes", error: expect.stringContaining("absolute path") })]);
  });
});
