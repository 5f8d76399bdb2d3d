import { userInfo } from "node:os";
import { OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

function group(name: string, mode: string, filters: { type: string; agent: string }[]) {
  return { data: { hostg: { general_attributes: { name, type: "HOSTG" }, agent_group_attributes: { platform: "UNIX", mode }, agent_group_filters: filters } }, path: "" };
}

describe("placing jobs on agents", () => {
  let test: TestBaton;
  beforeAll(async () => {
    // A second real agent on this host, so that groups have members to choose between.
    test = await startTestBaton("sqlite", {}, { extraAgentNames: ["SECOND"] });
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
    const act = await reportText(test.rest, 100, runId, "ACT");
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
      const rep = await reportText(test.rest, 100, runId, "REP");
      expect(rep).toBe("nobody\n");
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
      const act = await reportText(test.rest, 100, runId, "ACT");
      expect(act).toContain(reason);
    }
  });

  it("ends FAULT_NO_HOST when no member is connected, in every mode", async () => {
    for (const mode of ["A", "X"]) {
      await test.rest("/100/objects", json(group(`HOSTG.NONE${mode}`, mode, [{ type: "H", agent: "OFFLINE1" }])));
      const none = await runOn(`HOSTG.NONE${mode}`);
      expect(none.execution.status).toBe(1821);
      expect(none.act).toMatch(/not connected|No agent of agent group .* is connected/);
    }
  });

  it("mode N takes the members in turn", async () => {
    await test.rest("/100/objects", json(group("HOSTG.TURNS", "N", [{ type: "F", agent: "*" }])));
    const agents = [];
    for (let i = 0; i < 4; i += 1) agents.push((await runOn("HOSTG.TURNS")).execution.agent);
    expect(new Set(agents)).toEqual(new Set(["LOCAL", "SECOND"]));
    expect(agents[0]).not.toBe(agents[1]);
    expect(agents[2]).toBe(agents[0]);
  });

  async function children(runId: number): Promise<OutExecution[]> {
    return OutExecutionList.parse(await (await test.rest(`/100/executions/${runId}/children`)).json()).data.sort((a, b) => String(a.agent).localeCompare(String(b.agent)));
  }

  it("mode X runs the job once on every connected member, each a child, and ends OK when all did", async () => {
    await test.rest("/100/objects", json(group("HOSTG.EVERY", "X", [{ type: "H", agent: "LOCAL" }, { type: "H", agent: "SECOND" }, { type: "H", agent: "OFFLINE1" }])));
    const { execution, act } = await runOn("HOSTG.EVERY");
    expect(execution).toMatchObject({ status: 1900, agent: "HOSTG.EVERY", type: "JOBS" });
    expect(act).toContain("runs the job on 2 agents: LOCAL, SECOND");
    const runs = await children(execution.run_id);
    expect(runs.map((c) => [c.agent, c.status, c.name, c.activator_object_type])).toEqual([
      ["LOCAL", 1900, "GROUPED.HOSTGEVERY", "HOSTG"],
      ["SECOND", 1900, "GROUPED.HOSTGEVERY", "HOSTG"],
    ]);
    for (const child of runs) {
      const rep = await reportText(test.rest, 100, child.run_id ?? 0, "REP");
      expect(rep).toBe("placed\n");
    }
  });

  it("mode X ends not OK when the job fails on one agent, and a cancel takes the jobs on all agents with it", async () => {
    await test.rest("/100/objects", json(group("HOSTG.SPLIT", "X", [{ type: "F", agent: "*" }])));
    await test.rest("/100/objects", json(jobEnvelope("SPLIT.JOB", ["sleep 30"], { job_attributes: { platform: "UNIX", agent: "HOSTG.SPLIT", unix_shell: "sh" } })));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SPLIT.JOB", executionOption: "execute" }))).json()).run_id;
    const deadline = Date.now() + 10_000;
    while ((await children(runId)).filter((c) => c.status === 1550).length < 2) {
      if (Date.now() > deadline) throw new Error("the jobs on the agents did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }))).status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1850 });
    for (const child of await children(runId)) expect(await waitForEnd(test, 100, child.run_id)).toMatchObject({ status: 1850 });

    // The job fails on SECOND only (it sees its agent in $BATON_AGENT): the group's job ends not OK.
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("SPLIT.JOB", ['if [ "$BATON_AGENT" = SECOND ]; then exit 3; fi'], { job_attributes: { platform: "UNIX", agent: "HOSTG.SPLIT", unix_shell: "sh" } })));
    const split = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SPLIT.JOB", executionOption: "execute" }))).json()).run_id;
    expect(await waitForEnd(test, 100, split)).toMatchObject({ status: 1800 });
    expect((await children(split)).map((c) => [c.agent, c.status, c.return_code])).toEqual([
      ["LOCAL", 1900, 0],
      ["SECOND", 1800, 3],
    ]);
    const act = await reportText(test.rest, 100, split, "ACT");
    expect(act).toContain("1 of 2 agents ended OK");
  });
});
