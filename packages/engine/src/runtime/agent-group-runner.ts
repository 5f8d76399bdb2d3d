import { isFinalStatus, isRecord, type ObjectBody, Status } from "@baton/contract";
import { groupMembers, readAgentGroup } from "../domain/agent-group";
import type { Execution } from "../domain/execution";
import { jobTarget } from "../domain/job-script";
import type { Store } from "../store/connect";
import { findExecution, listChildren } from "../store/executions-store";
import { findObject } from "../store/objects-store";
import { textClientSetting } from "../store/client-settings";
import type { ActivationContext, Launcher } from "../executions/launcher";
import type { Agent } from "./agent-port";
import type { Clock } from "./clock";
import { objectDetails } from "../executions/execution-details";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";

/** The activator type of the jobs an agent group in mode X runs, one per member agent. */
export const AGENT_GROUP_ACTIVATOR = "HOSTG";

/**
 * Runs jobs whose agent is an agent group in mode X (all agents): the job's execution becomes the
 * parent of one job per connected member, each the same job with that member as its agent. The
 * parent ends once they all have: ENDED_OK when every one ended OK, else ENDED_NOT_OK.
 */
export class AgentGroupRunner {
  constructor(
    private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; agents: ReadonlyMap<string, Agent> },
    private readonly launcher: Launcher,
  ) {}

  /** Whether the job's agent names an agent group in mode X. */
  async runsOnAllMembers(client: number, body: ObjectBody): Promise<boolean> {
    const agent = jobTarget(body).agent;
    if (this.deps.agents.has(agent)) return false;
    const object = await findObject(this.deps.store.db, client, agent);
    return object?.type === "HOSTG" && readAgentGroup(object.body).mode === "X";
  }

  async start(parent: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    const { store, clock, recorder, agents } = this.deps;
    const groupName = jobTarget(body).agent;
    const act = new ReportWriter(store, clock, parent.client, parent.runId, "ACT");
    act.line(`U00011409 Job '${parent.name}' activated with RunID '${parent.runId}' by ${parent.user}.`);
    const group = await findObject(store.db, parent.client, groupName);
    const members = group?.type === "HOSTG" ? groupMembers(readAgentGroup(group.body), [...agents.keys()]) : [];
    if (members.length === 0) {
      if ((await textClientSetting(store.db, parent.client, "UNKNOWN_AGENT")) === "WAIT") {
        act.line(`U00011004 No agent of agent group '${groupName}' is connected: the job waits for one (UNKNOWN_AGENT = WAIT).`);
        await act.end();
        await recorder.claim(parent, Status.PREPARING, { status: Status.WAITING_FOR_AGENT });
        return;
      }
      act.line(`U00011001 No agent of agent group '${groupName}' is connected: the job cannot start.`);
      await act.end();
      await recorder.change(parent, { status: Status.FAULT_NO_HOST, endTime: clock.now() });
      return;
    }
    const active = await recorder.claim(parent, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now(), agent: groupName });
    if (active === undefined) {
      await act.end();
      return;
    }
    act.line(`U00011420 Agent group '${groupName}' (mode X) runs the job on ${members.length} agents: ${members.join(", ")}.`);
    await act.end();
    // Every child exists before any starts, so the parent cannot be settled while some are missing.
    const children: { execution: Execution; body: ObjectBody }[] = [];
    for (const member of members) {
      const attributes = isRecord(body["job_attributes"]) ? body["job_attributes"] : {};
      const memberBody: ObjectBody = { ...body, job_attributes: { ...attributes, agent: member } };
      const execution = await this.launcher.create(context.principal, parent.objectType, parent.name, memberBody, {
        ...objectDetails(body),
        queue: parent.queue,
        parent: parent.runId,
        activatorObjectType: AGENT_GROUP_ACTIVATOR,
      });
      children.push({ execution, body: memberBody });
    }
    for (const child of children) await this.launcher.dispatch(child.execution, child.body, context);
  }

  /** After a member's job ended: ends the parent once all have (only once, whatever calls it). */
  async afterEnd(client: number, parentRunId: number): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const parent = await findExecution(store.db, client, parentRunId);
    if (parent === undefined || parent.status !== Status.ACTIVE) return;
    const children = await listChildren(store.db, client, parentRunId);
    if (children.length === 0 || children.some((c) => !isFinalStatus(c.status))) return;
    const ok = children.filter((c) => c.status === Status.ENDED_OK).length;
    const ended = await recorder.claim(parent, Status.ACTIVE, { status: ok === children.length ? Status.ENDED_OK : Status.ENDED_NOT_OK, endTime: clock.now() });
    if (ended === undefined) return;
    const act = new ReportWriter(store, clock, client, parentRunId, "ACT");
    act.line(`U00011410 Job '${parent.name}' ended on its agent group: ${ok} of ${children.length} agents ended OK.`);
    await act.end();
  }
}
