import {
  ErrorCode,
  Status,
  isFinalStatus,
  isWaitingStatus,
  readWorkflowGraph,
  restartableLines,
  workflowRestartPlan,
  type InChangeExecutionStatusBody,
  type ObjectBody,
  type WorkflowGraph,
} from "@baton/contract";
import { mayCancel, requireCancel } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { BadRequestError, invalid } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { LOGICAL_DATE_VARIABLE, RESTART_POINT_VARIABLE, restartPoints } from "../domain/job-script";
import { wireTime } from "../domain/wire-time";
import { findExecution, listChildren } from "../store/executions-store";
import { findExecutionVariables } from "../store/execution-variables-store";
import { PERIOD_CONTAINER, objectDetails } from "./execution-details";
import type { ActivationContext, ExecutionLauncher } from "./launcher";
import { inputsFor } from "./prompt-inputs";
import { requireQueue } from "./queues";
import { getExecution } from "./read-executions";
import { settleNotRun, type RestartFromLine } from "./workflow-tasks";

/** POST .../status: cancel, release or acknowledge an active execution, or restart an ended one. Returns the execution acted on or started. */
export async function changeStatus(launcher: ExecutionLauncher, principal: Principal, runId: number, request: InChangeExecutionStatusBody): Promise<Execution> {
  const { notifications, recorder } = launcher.deps;
  const execution = await getExecution(launcher.deps.store, principal, runId);
  requireCancel(principal, execution);
  if (request.action === "acknowledge") {
    const acknowledged = execution.objectType === "CALL" ? await notifications.acknowledge(execution, principal.userName) : undefined;
    if (acknowledged === undefined) throw transition(`execution ${runId} is not a notification waiting for acknowledgement`);
    return acknowledged;
  }
  if (request.action === "release") {
    const released = await recorder.claim(execution, Status.WAITING_FOR_MANUAL_RELEASE, { status: Status.PREPARING });
    if (released === undefined) throw transition(`execution ${runId} is not waiting for manual release (${execution.status})`);
    await launcher.dispatch(released, await launcher.definitionOf(released), await launcher.contextOf(released));
    return released;
  }
  if (request.action === "cancel") {
    if (isFinalStatus(execution.status)) throw transition(`execution ${runId} has already ended (${execution.status}); only active executions can be cancelled`);
    // Ended alone, it would block its workflow as an abnormal end, and a restart would run it before its predecessors.
    if (execution.status === Status.WAITING_FOR_PREDECESSOR) throw transition(`execution ${runId} is a task of workflow ${execution.parent ?? 0} waiting for its predecessors and has not started; cancel the workflow to end it with its waiting tasks`);
    if (execution.objectType === "SCRI") return cancelScriptNotStarted(launcher, execution);
    await cancelExecution(launcher, execution, request.cancel?.recursive ?? false);
    return execution;
  }
  return restart(launcher, principal, execution, request.restart ?? {});
}

/**
 * A script's cancel (the CANCEL function): 0 when cancelled, else 1 not running (ended, a
 * script: it runs to its end, or a workflow's task waiting for its predecessors), 2 unknown, 3 the principal may not cancel it (auth/acts).
 */
export async function cancelForScript(launcher: ExecutionLauncher, principal: Principal, runId: number): Promise<number> {
  const execution = await findExecution(launcher.deps.store.db, principal.client, runId);
  if (execution === undefined) return 2;
  if (!mayCancel(principal, execution)) return 3;
  if (isFinalStatus(execution.status) || execution.objectType === "SCRI" || execution.status === Status.WAITING_FOR_PREDECESSOR) return 1;
  await cancelExecution(launcher, execution, false);
  return 0;
}

/**
 * Restarts an ended execution as a new one (its restart count one more), with the options asked
 * for. Everything is checked before anything is created: a refused restart leaves no trace.
 */
async function restart(launcher: ExecutionLauncher, principal: Principal, execution: Execution, options: NonNullable<InChangeExecutionStatusBody["restart"]>): Promise<Execution> {
  const { store } = launcher.deps;
  const { runId } = execution;
  if (!isFinalStatus(execution.status)) throw transition(`execution ${runId} is still active (${execution.status}); only ended executions can be restarted`);
  // A period container runs nothing itself: its activations are restarted, or the object started recurring again.
  if (execution.objectType === PERIOD_CONTAINER) throw transition(`execution ${runId} is a period container; restart one of its activations, or start '${execution.name}' recurring again`);
  const body = await launcher.definitionOf(execution);
  if (options.queue !== undefined) await requireQueue(store, principal.client, options.queue, "restart.queue");
  const inputs = await inputsFor(store, principal.client, body, options.inputs ?? {}, "restart.inputs");
  const from = restartFrom(execution, body, options);
  const restarted = await launcher.create(principal, execution.objectType, execution.name, body, {
    ...objectDetails(body),
    queue: options.queue ?? execution.queue,
    alias: execution.alias ?? undefined,
    parent: execution.parent ?? undefined,
    lineNumber: execution.lineNumber ?? undefined,
    // The start type is the original's only when asked to keep it; else the REST API started it.
    activatorObjectType: options.keepStartType ? execution.activatorObjectType : "API",
    referenceRunId: execution.referenceRunId || execution.runId,
    restartCount: execution.restartCount + 1,
    restartPredecessor: execution.runId,
    ...(options.waitForManualRelease && { status: Status.WAITING_FOR_MANUAL_RELEASE }),
  });
  // A restart runs on the logical date of the execution it restarts (that run's own, else its
  // activation time). A job or script keeps its restart point as its predefined &$RESTART_POINT#.
  // Both are kept with the inputs, so they reach the run however late it starts (queue, release, another node).
  const logical = (await findExecutionVariables(store.db, principal.client, runId))[LOGICAL_DATE_VARIABLE];
  const kept = new Map([...inputs, [LOGICAL_DATE_VARIABLE, typeof logical === "string" ? logical : wireTime(execution.activationTime)]]);
  if (from?.kind === "page") kept.set(RESTART_POINT_VARIABLE, from.point);
  if (from?.kind === "line") await settleNotRun(launcher, principal, restarted, from);
  const context: ActivationContext = launcher.contextFor(principal, kept);
  await launcher.keepInputs(restarted, kept);
  if (options.waitForManualRelease) launcher.hold(restarted.runId, context);
  else await launcher.dispatch(restarted, body, context);
  return restarted;
}

/**
 * A script runs to its end once started; until then (held for release, waiting for its start
 * time, a queue or its predecessors) it is cancelled like any waiting execution. The claim from
 * its waiting status loses to a release or start that came first.
 */
async function cancelScriptNotStarted(launcher: ExecutionLauncher, execution: Execution): Promise<Execution> {
  const notStarted = `execution ${execution.runId} is a script that has started (${execution.status}); it runs to its end: cancel what it waits for instead`;
  if (!isWaitingStatus(execution.status)) throw transition(notStarted);
  const cancelled = await launcher.deps.recorder.claim(execution, execution.status, { status: Status.ENDED_CANCEL, endTime: launcher.deps.clock.now() });
  if (cancelled === undefined) throw transition(notStarted);
  launcher.forget(execution.runId);
  return cancelled;
}

/** Ends an active execution as cancelled; a workflow with `recursive` takes its active tasks with it. */
async function cancelExecution(launcher: ExecutionLauncher, execution: Execution, recursive: boolean): Promise<void> {
  const { recorder, clock, store, jobs } = launcher.deps;
  const children = () => listChildren(store.db, execution.client, execution.runId);
  if (execution.objectType === "JSCH" || execution.objectType === PERIOD_CONTAINER) {
    // A schedule or period container ends; its waiting slots end with it, its running tasks only with `recursive`.
    await recorder.change(execution, { status: Status.ENDED_CANCEL, endTime: clock.now() });
    for (const child of await children()) {
      if (child.status === Status.WAITING_FOR_START_TIME) await recorder.claim(child, Status.WAITING_FOR_START_TIME, { status: Status.ENDED_CANCEL, endTime: clock.now() });
      else if (recursive && !isFinalStatus(child.status) && child.objectType !== "SCRI") await cancelExecution(launcher, child, true);
    }
    return;
  }
  if (execution.objectType === "JOBP") {
    await recorder.change(execution, { status: Status.ENDED_JP_CANCEL, endTime: clock.now() });
    // Its tasks that wait for their predecessors will not run: they end with it, as the vendor's do.
    await launcher.endWaitingTasks(execution, Status.ENDED_JP_CANCEL);
    if (!recursive) return;
    for (const child of await children()) {
      if (!isFinalStatus(child.status) && child.objectType !== "SCRI") await cancelExecution(launcher, child, true);
    }
    return;
  }
  // A job in the runner ends as cancelled through its own flow (the process group is killed);
  // a waiting one simply ends, and so does the job of an agent group, with the jobs on its agents.
  if (jobs.cancel(execution.runId)) return;
  launcher.forget(execution.runId);
  await recorder.change(execution, { status: Status.ENDED_CANCEL, endTime: clock.now() });
  for (const child of await children()) {
    if (!isFinalStatus(child.status)) await cancelExecution(launcher, child, true);
  }
}

/** Where a restart begins: a `:RESTART` point of a job's or script's process page, or a workflow's task with what it runs again. */
type RestartFrom = { kind: "page"; point: string } | ({ kind: "line" } & RestartFromLine);

/**
 * Where a restart begins, checked against the definition it runs: nothing (the whole run), a job's
 * (JOBS) or script's (SCRI) process page's `:RESTART` point (any letter case), or a workflow's task
 * line, with what is downstream of it only when asked (downstreamOnly, a Baton extension that needs
 * a workflow's restart point). Anything else answers 400 naming the option.
 */
function restartFrom(execution: Execution, body: ObjectBody, options: NonNullable<InChangeExecutionStatusBody["restart"]>): RestartFrom | undefined {
  const { restartPoint, downstreamOnly = false } = options;
  if (downstreamOnly && (execution.objectType !== "JOBP" || restartPoint === undefined)) {
    throw invalid(ErrorCode.INVALID_REQUEST, "restart.downstream_only", "downstream_only reruns a task of a workflow and what follows it: it needs a workflow's restart_point (the line of that task)", true);
  }
  if (restartPoint === undefined) return undefined;
  if (execution.objectType === "JOBP") return workflowLineOf(execution, body, restartPoint, downstreamOnly);
  const points = restartPoints(execution.objectType, body);
  const point = restartPoint.toUpperCase();
  if (!points.includes(point)) {
    const known = points.length === 0 ? "it has no :RESTART point" : `its restart points: ${points.join(", ")}`;
    throw invalid(ErrorCode.INVALID_REQUEST, "restart.restart_point", `${execution.objectType} '${execution.name}' has no restart point '${restartPoint}' (${known})`, restartPoint);
  }
  return { kind: "page", point };
}

/** A workflow's restart point: the line number of one of its tasks, and what the restart runs again from it. */
function workflowLineOf(execution: Execution, body: ObjectBody, sent: string, downstreamOnly: boolean): RestartFrom {
  const path = "restart.restart_point";
  let graph: WorkflowGraph;
  try {
    graph = readWorkflowGraph(body);
  } catch (error) {
    throw invalid(ErrorCode.INVALID_REQUEST, path, `workflow '${execution.name}' cannot run: ${error instanceof Error ? error.message : String(error)}`, sent);
  }
  const line = /^\d+$/.test(sent) ? Number(sent) : Number.NaN;
  const lines = restartableLines(graph);
  if (!lines.includes(line)) {
    throw invalid(ErrorCode.INVALID_REQUEST, path, `workflow '${execution.name}' has no task in line '${sent}'; a workflow restarts from the line number of one of its tasks (${lines.join(", ") || "it has none"})`, sent);
  }
  const plan = workflowRestartPlan(graph, line, downstreamOnly ? "downstream" : "from_line");
  return { kind: "line", line, downstreamOnly, plan, tasks: new Map(graph.tasks.map((t) => [t.line, t])) };
}

function transition(details: string): BadRequestError {
  return new BadRequestError(ErrorCode.INVALID_TRANSITION, "Status change not possible.", details);
}
