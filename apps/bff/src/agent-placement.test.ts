import { userInfo } from "node:os";
import { OutExecution, OutReportContent, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

function group(name: string, mode: string, filters: { type: string; agent: string }[]) {
  return { data: { hostg: { general_attributes: { name, type: "HOSTG" }, agent_group_attributes: { platform: "UNIX", mode }, agent_group_filters: filters } }, path: "" };
}

describe("placing jobs on agents", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
  });
  afterAll(async () => {
    await test.stop();
  });

  async function runOn(agent: string): Promise<{ execution: OutExecution; act: string }> {
    const name = `GROUPED.${agent.replace(/[^A-Z0-9]/g, "")}`;
    const envelope = jobEnvelope(name, ["echo placed"]);
    envelope.data.jobs.job_attributes.agent = agent;
    await test.rest("/100/objects?overwrite_existing_objects=true", json(envelope));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
    const execution = await waitForEnd(test, 100, runId);
    const act = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${runId}/reports/ACT`)).json()).map((p) => p.content).join("");
    return { execution, act };
  }

  it("places a job on the first connected member of its group", async () => {
    await test.rest("/100/objects", json(group("HOSTG.FIRST", "F", [{ type: "H", agent: "OFFLINE1" }, { type: "F", agent: "LOC*" }])));
    const { execution, act } = await runOn("HOSTG.FIRST");
    expect(execution).toMatchObject({ status: 1900, agent: "LOCAL" });
    expect(act).toContain("Agent group 'HOSTG.FIRST' picked agent 'LOCAL'");
  });

  it.each(["A", "N", "L"])("places a job with mode %s", async (mode) => {
    await test.rest("/100/objects", json(group(`HOSTG.MODE${mode}`, mode, [{ type: "H", agent: "LOCAL" }])));
    expect((await runOn(`HOSTG.MODE${mode}`)).execution).toMatchObject({ status: 1900, agent: "LOCAL" });
  });

  it("waits for an agent that is not connected when the client setting UNKNOWN_AGENT is WAIT", async () => {
    await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "UNKNOWN_AGENT", value1: "WAIT" }] } }, path: "" }));
    const envelope = jobEnvelope("WAITS.FOR.AGENT", ["echo never"]);
    envelope.data.jobs.job_attributes.agent = "LATER";
    await test.rest("/100/objects", json(envelope));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "WAITS.FOR.AGENT", executionOption: "execute" }))).json()).run_id;
    const deadline = Date.now() + 10_000;
    let execution = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
    while (execution.status !== 1685 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      execution = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
    }
    expect(execution).toMatchObject({ status: 1685, status_text: "Waiting for agent" });
    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }))).status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1850 });
    await test.rest("/100/objects?overwrite_existing_objects=true", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [] } }, path: "" }));
  });

  it("runs a job as the OS user its LOGIN object names for the agent", async () => {
    await test.rest(
      "/100/objects",
      json({ data: { login: { general_attributes: { name: "LOGIN.NOBODY", type: "LOGIN" }, login_definitions: [{ agent: "WIN*", user: "Administrator" }, { agent: "*", user: "nobody" }] } }, path: "" }),
    );
    const envelope = jobEnvelope("AS.NOBODY", ["id -un"]);
    await test.rest("/100/objects", json({ ...envelope, data: { jobs: { ...envelope.data.jobs, job_attributes: { ...envelope.data.jobs.job_attributes, login: "LOGIN.NOBODY" } } } }));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "AS.NOBODY", executionOption: "execute" }))).json()).run_id;
    const execution = await waitForEnd(test, 100, runId);
    if (userInfo().uid === 0) {
      expect(execution.status).toBe(1900);
      const rep = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${runId}/reports/REP`)).json());
      expect(rep[0]?.content).toBe("nobody\n");
    } else {
      // Only a root agent can switch users; otherwise the job is refused with the reason.
      expect(execution.status).toBe(1820);
    }
  });

  it("refuses a job whose LOGIN object is missing or has no entry for the agent", async () => {
    await test.rest("/100/objects", json({ data: { login: { general_attributes: { name: "LOGIN.WINDOWS" }, login_definitions: [{ agent: "WIN*", user: "Administrator" }] } }, path: "" }));
    for (const [login, reason] of [["LOGIN.MISSING", "does not exist"], ["LOGIN.WINDOWS", "has no entry for agent 'LOCAL'"]] as const) {
      const envelope = jobEnvelope(`AS.${login}`, ["true"]);
      await test.rest("/100/objects", json({ ...envelope, data: { jobs: { ...envelope.data.jobs, job_attributes: { ...envelope.data.jobs.job_attributes, login } } } }));
      const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: `AS.${login}`, executionOption: "execute" }))).json()).run_id;
      expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1820 });
      const act = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${runId}/reports/ACT`)).json());
      expect(act[0]?.content).toContain(reason);
    }
  });

  it("ends FAULT_NO_HOST when no member is connected, and says why for mode X", async () => {
    await test.rest("/100/objects", json(group("HOSTG.NONE", "A", [{ type: "H", agent: "OFFLINE1" }])));
    expect((await runOn("HOSTG.NONE")).execution.status).toBe(1821);
    await test.rest("/100/objects", json(group("HOSTG.ALL", "X", [{ type: "H", agent: "LOCAL" }])));
    const all = await runOn("HOSTG.ALL");
    expect(all.execution.status).toBe(1820);
    expect(all.act).toContain("mode X");
  });
});
