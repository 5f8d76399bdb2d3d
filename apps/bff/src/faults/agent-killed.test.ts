import { OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { waitForStatus } from "../testing/baton-process";
import { startAgentProcess, type AgentProcess } from "../testing/agent-process";
import { jobEnvelope, until } from "../testing/test-baton";
import { faultBatons, post, type FaultBaton } from "./fault-batons";

const TOKEN = "fault-agent-token-0123456789";
const LOST_MS = 2000;

describe.each(testDialects)("an agent killed mid-job (%s)", (dialect) => {
  const batons = faultBatons();
  const agents: AgentProcess[] = [];
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.child.kill("SIGKILL");
  });
  const report = (baton: FaultBaton, runId: number, type: string) => reportText(baton.send, 100, runId, type);

  it("ends the job ENDED_LOST within the lost time, says why in ACT, and a restarted agent does not run it again", { timeout: 60_000 }, async () => {
    const dataDir = batons.dataDir();
    const baton = await batons.startOn(await batons.database(dialect, dataDir), { BATON_AGENT_TOKEN: TOKEN, BATON_AGENT_LOST_MS: String(LOST_MS) });
    const engineUrl = baton.rest.replace(/\/ae\/api\/v1$/, "");
    const agent = startAgentProcess(engineUrl, "FAR", join(dataDir, "agent"), TOKEN);
    agents.push(agent);
    await agent.connected();
    const runs = join(dataDir, "runs");
    await baton.send("/100/objects", post(jobEnvelope("FAULT.AGENT", [`echo run >> ${runs}`, "echo started", "sleep 30"], { job_attributes: { platform: "UNIX", agent: "FAR", unix_shell: "sh" } })));
    const { run_id: runId } = OutRunId.parse(await (await baton.send("/100/executions", post({ object_name: "FAULT.AGENT", execution_option: "execute" }))).json());
    await until(async () => (await report(baton, runId, "REP")).includes("started"));

    agent.child.kill("SIGKILL");
    const killedAt = Date.now();
    const ended = OutExecution.parse(await waitForStatus(baton.rest, runId, (status) => status >= 1800));
    expect(Date.now() - killedAt).toBeLessThan(LOST_MS + 5000);
    expect(ended).toMatchObject({ status: 1815, status_text: "ENDED_LOST - ended undefined (host terminated prematurely)" });
    expect(await report(baton, runId, "ACT")).toContain(`ended: ENDED_LOST - ended undefined (host terminated prematurely) (the agent was away for more than ${LOST_MS / 1000} s).`);

    const again = startAgentProcess(engineUrl, "FAR", join(dataDir, "agent"), TOKEN);
    agents.push(again);
    await again.connected();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(runs, "utf8")).toBe("run\n");
    expect(OutExecution.parse(await (await baton.send(`/100/executions/${runId}`)).json()).status).toBe(1815);
    expect(OutExecutionList.parse(await (await baton.send("/100/executions?name=FAULT.AGENT")).json()).total).toBe(1);
  });
});
