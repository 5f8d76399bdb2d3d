import { Status } from "@baton/contract";
import { loadPrincipal } from "../auth/principal-loader";
import { CLIENT_DELETION, type Execution } from "../domain/execution";
import { ReportWriter } from "../runtime/report-writer";
import { findExecutionBody, listChildren, listUnfinishedExecutions } from "../store/executions-store";
import { setDueAt } from "../store/waiting-executions-store";
import { PERIOD_CONTAINER } from "./execution-details";
import type { ExecutionLauncher } from "./launcher";

/** Statuses of executions that wait: the scheduler starts them from the database, whoever made them wait. */
const WAITING = new Set<number>([Status.WAITING_FOR_START_TIME, Status.WAITING_FOR_QUEUE, Status.WAITING_FOR_MANUAL_RELEASE, Status.WAITING_FOR_AGENT, Status.WAITING_FOR_RESOURCE]);

/**
 * After a restart, or taking over from a node that died: executions never handed on (1300) start
 * now; those that were handed to an agent or started running are recorded as lost (their
 * process died with the node), never run twice. `unfinished` are the executions to recover
 * (every unfinished one by default).
 */
export async function recoverExecutions(launcher: ExecutionLauncher, unfinished?: readonly Execution[]): Promise<{ restarted: number; lost: number }> {
  const { store, clock, recorder, logger, workflows } = launcher.deps;
  let restarted = 0;
  let lost = 0;
  const groupJobs: Execution[] = [];
  const principalOf = (execution: Execution) => loadPrincipal(store, execution.client, execution.user).catch(() => undefined);
  for (const execution of unfinished ?? (await listUnfinishedExecutions(store.db))) {
    // A client deletion is finished by the client service; waiting executions stay waiting.
    if (execution.objectType === CLIENT_DELETION || WAITING.has(execution.status)) continue;
    // A workflow's task waiting for its predecessors is started by its workflow, taken up below.
    if (execution.status === Status.WAITING_FOR_PREDECESSOR) continue;
    const active = execution.status === Status.ACTIVE;
    // An active schedule's next slots are waiting children; a task left without one gets it now.
    if (execution.objectType === "JSCH" && active) {
      const principal = await principalOf(execution);
      if (principal !== undefined) await launcher.schedules.replan(execution, principal);
      continue;
    }
    if ((execution.objectType === "EVNT" || execution.objectType === "CALL") && active) {
      // An event whose check was under way when the engine stopped has no next check yet: check now.
      if (execution.objectType === "EVNT" && execution.dueAt === null) await setDueAt(store.db, execution.client, execution.runId, clock.now());
      continue;
    }
    // A period container may have missed its last end while the engine was down: settle it.
    if (execution.objectType === PERIOD_CONTAINER && active) {
      await launcher.periods.afterEnd(execution.client, execution.runId);
      continue;
    }
    // The job of an agent group in mode X ends from the jobs on its agents (those lost end 1815).
    if (execution.objectType === "JOBS" && active && (await listChildren(store.db, execution.client, execution.runId)).length > 0) {
      groupJobs.push(execution);
      continue;
    }
    if (execution.objectType === "JOBP") {
      // A workflow goes on from its tasks' states; tasks lost with the engine block it.
      const principal = await principalOf(execution);
      if (principal !== undefined) {
        void workflows.resume(execution, launcher.contextFor(principal));
        restarted += 1;
        continue;
      }
    }
    // A slot of a schedule or recurring execution taken when due: taken again, which plans the
    // next slot if the engine stopped before it did, and starts the task.
    if (execution.status === Status.PREPARING && (execution.activatorObjectType === "JSCH" || execution.activatorObjectType === "PERIOD")) {
      await launcher.slotDue(execution);
      restarted += 1;
      continue;
    }
    if (execution.status === Status.PREPARING) {
      const definition = await findExecutionBody(store.db, execution.client, execution.runId);
      const principal = await principalOf(execution);
      if (definition !== undefined && principal !== undefined) {
        launcher.start(execution, definition, launcher.contextFor(principal));
        restarted += 1;
        continue;
      }
    }
    // Only from the status it was taken over in: a node presumed dead may have recorded its end meanwhile.
    if ((await recorder.claim(execution, execution.status, { status: Status.ENDED_LOST, endTime: clock.now() })) === undefined) continue;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    act.line("U00011803 The engine stopped while this execution was active: its end is unknown.");
    await act.end();
    lost += 1;
  }
  for (const job of groupJobs) await launcher.groups.afterEnd(job.client, job.runId);
  if (restarted + lost > 0) logger.info({ restarted, lost }, "recovered executions left over by the previous run");
  return { restarted, lost };
}
