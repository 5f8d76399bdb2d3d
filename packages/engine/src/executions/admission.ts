import { Status } from "@baton/contract";
import { groupMembers, readAgentGroup } from "../domain/agent-group";
import { jobTarget } from "../domain/job-script";
import { listWaitingForAgent, listWaitingForQueue, listWaitingForResource, lockDue } from "../store/waiting-executions-store";
import { findObject } from "../store/objects-store";
import type { ExecutionLauncher } from "./launcher";
import { freeSlots } from "./queues";

/** Executions whose start time has come, claimed per transaction: small, so that several nodes share a burst. */
const DUE_BATCH = 20;

/**
 * When waiting executions start: at their time, when their queue or agent has room, when their
 * agent connects. Each start claims the execution from its waiting status, so none starts twice,
 * whichever node and round gets there first.
 */
export class Admission {
  constructor(private readonly launcher: ExecutionLauncher) {}

  /**
   * Starts the executions whose start time has come, claimed in small batches: every scheduling
   * node runs it at once, and on PostgreSQL each batch skips the executions another node is
   * claiming, so all of them work and none starts one twice.
   */
  async startDue(): Promise<void> {
    const { launcher } = this;
    const { store, clock, recorder } = launcher.deps;
    for (;;) {
      const claimed = await recorder.claimMany((trx) => lockDue(trx, store.dialect, clock.now(), DUE_BATCH), Status.WAITING_FOR_START_TIME, { status: Status.PREPARING });
      for (const execution of claimed) {
        if (execution.activatorObjectType === "JSCH" || execution.activatorObjectType === "PERIOD") await launcher.slotDue(execution);
        else await launcher.resume(execution, (definition, context) => launcher.dispatch(execution, definition, context));
      }
      if (claimed.length < DUE_BATCH) return;
    }
  }

  /**
   * The scheduler leader's round: due event checks, and the executions waiting for an agent, a
   * resource or a queue slot, which need one view of the whole cluster's slots.
   */
  async admitWaiting(): Promise<void> {
    const { launcher } = this;
    const { store, recorder, jobs, events } = launcher.deps;
    await events.checkDue((execution) => launcher.contextOf(execution));
    await this.startJobsWaitingForAgents();
    // Jobs held back by their agent's limit start, oldest first, as slots free up.
    const agentRoom = new Map<string, number>();
    for (const waiting of await listWaitingForResource(store.db, 500)) {
      const agent = waiting.agent ?? "";
      const room = agentRoom.get(agent) ?? jobs.freeSlots(agent);
      if (room <= 0) continue;
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_RESOURCE, { status: Status.PREPARING });
      agentRoom.set(agent, claimed ? room - 1 : room);
      if (claimed) await launcher.resume(claimed, (definition, context) => launcher.start(claimed, definition, context));
    }
    const free = new Map<string, number>();
    for (const waiting of await listWaitingForQueue(store.db, 1000)) {
      const key = `${waiting.client}/${waiting.queue}`;
      const slots = free.get(key) ?? (await freeSlots(store, waiting.client, waiting.queue));
      if (slots <= 0) {
        free.set(key, 0);
        continue;
      }
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_QUEUE, { status: Status.PREPARING });
      free.set(key, claimed ? slots - 1 : slots);
      if (claimed) await launcher.resume(claimed, (definition, context) => launcher.start(claimed, definition, context));
    }
  }

  /** Starts the jobs waiting for an agent connected here, in the background (an agent connected, a job began to wait). */
  startJobsWaitingForAgentsSoon(): void {
    void this.startJobsWaitingForAgents().catch((error: unknown) => this.launcher.deps.logger.error({ err: error }, "could not start the jobs waiting for an agent"));
  }

  /**
   * Starts the jobs waiting (1685) for an agent or agent group member connected to this node. Every
   * node runs it when an agent connects to it or a job starts waiting; a claim moves the status
   * only from 1685, so a job starts on one node only.
   */
  async startJobsWaitingForAgents(): Promise<void> {
    const { launcher } = this;
    const { store, recorder, agents } = launcher.deps;
    for (const waiting of await listWaitingForAgent(store.db, 500)) {
      const definition = await launcher.definitionOf(waiting);
      const agent = jobTarget(definition).agent;
      const group = agents.has(agent) ? undefined : await findObject(store.db, waiting.client, agent);
      const connected = agents.has(agent) || (group?.type === "HOSTG" && groupMembers(readAgentGroup(group.body), [...agents.keys()]).length > 0);
      if (!connected) continue;
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_AGENT, { status: Status.PREPARING });
      if (claimed) await launcher.resume(claimed, (_, context) => launcher.start(claimed, definition, context));
    }
  }
}
