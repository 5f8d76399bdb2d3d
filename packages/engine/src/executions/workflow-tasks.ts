import { Status, type ObjectBody, type WorkflowRestartPlan } from "@baton/contract";
import type { ScriptValue } from "@baton/script";
import type { Transaction } from "kysely";
import { requireExecute } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { DomainError } from "../domain/errors";
import { vendorRunId, type Execution } from "../domain/execution";
import type { WorkflowDefinition } from "../domain/workflow";
import { inheritedInputs } from "../domain/prompt-sets";
import { findObject, findObjectsNamed } from "../store/objects-store";
import { listChildren } from "../store/executions-store";
import type { Database } from "../store/schema";
import { ReportWriter } from "../runtime/report-writer";
import { RUNNABLE_TYPES, objectDetails, type CreateDetails } from "./execution-details";
import type { ExecutionLauncher } from "./launcher";
import { checkedInputs, declaredInputs } from "./prompt-inputs";

/** A task of a running workflow: its line, the object it names, and its execution activated with the workflow (waiting for its predecessors, 1700), if it has one. */
export interface WorkflowTask {
  principal: Principal;
  workflow: Execution;
  line: number;
  objectName: string;
  waiting?: number | undefined;
}

/** Tasks activated with their workflow are written in transactions of this many. */
const ACTIVATED_AT_ONCE = 500;

/** The type a task records when its object is missing or its line names a kind rather than a type (<XOR>). */
const recordedType = (objectType: string) => (objectType === "" || objectType.startsWith("<") ? "JOBS" : objectType);

/**
 * Activates the tasks of a workflow that have no execution yet (`activated`: lines that have one),
 * as the vendor's engine activates a workflow's tasks with it: each gets its RunID at once, in
 * line order, and waits for its predecessors (1700) with what its object says now (type, queue,
 * title, estimate); the workflow's ACT report says so for each (U00007000). A task is generated
 * from its object as it is when it starts (startTask).
 */
export async function activateTasks(launcher: ExecutionLauncher, principal: Principal, workflow: Execution, definition: WorkflowDefinition, activated: ReadonlySet<number>): Promise<void> {
  const { store, clock } = launcher.deps;
  const tasks = [...definition.tasks.values()].filter((t) => t.line !== definition.startLine && t.line !== definition.endLine && !activated.has(t.line));
  const activationTime = clock.now();
  for (let i = 0; i < tasks.length; i += ACTIVATED_AT_ONCE) {
    const slice = tasks.slice(i, i + ACTIVATED_AT_ONCE);
    const objects = new Map((await findObjectsNamed(store.db, principal.client, slice.map((t) => t.objectName))).map((o) => [o.name, o]));
    const activated = await launcher.createMany(
      principal,
      slice.map((task) => {
        const object = objects.get(task.objectName);
        const objectType = object?.type ?? recordedType(task.objectType);
        const body: ObjectBody = object?.body ?? { general_attributes: { name: task.objectName, type: objectType } };
        const details = { ...(object && objectDetails(object.body)), parent: workflow.runId, lineNumber: task.line, activatorObjectType: "JOBP", status: Status.WAITING_FOR_PREDECESSOR, activationTime };
        return { objectType, name: task.objectName, body, details };
      }),
    );
    // The workflow's ACT report names each task it activated, as the vendor's does.
    const act = new ReportWriter(store, clock, workflow.client, workflow.runId, "ACT");
    for (const task of activated) act.line(`U00007000 '${task.name}' activated with RunID '${vendorRunId(task.runId)}'.`);
    await act.end();
  }
}

/**
 * Ends the tasks of a workflow that still wait for their predecessors with `status`, in one
 * transaction: the workflow has ended without them.
 */
export async function endWaitingTasks(launcher: ExecutionLauncher, workflow: Execution, status: number): Promise<void> {
  const { clock, recorder } = launcher.deps;
  const waiting = async (trx: Transaction<Database>) => (await listChildren(trx, workflow.client, workflow.runId)).filter((task) => task.status === Status.WAITING_FOR_PREDECESSOR);
  await recorder.claimMany(waiting, Status.WAITING_FOR_PREDECESSOR, { status, endTime: clock.now() });
}

/** The execution of a task: its waiting one generated from `object`, or a new one. Undefined when the waiting one no longer waits. */
function taskExecution(launcher: ExecutionLauncher, task: WorkflowTask, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution | undefined> {
  if (task.waiting === undefined) return launcher.create(task.principal, objectType, name, body, details);
  return launcher.generate(task.principal, { client: task.principal.client, runId: task.waiting }, objectType, name, body, details);
}

/** A task a workflow step starts: how deep it sits, what it inherits, and the step's time. */
export interface StartedTask extends WorkflowTask {
  depth: number;
  inherited: ReadonlyMap<string, ScriptValue>;
  activatedAt: number;
}

/**
 * Activates the object of a workflow task as a child of the workflow. A task that cannot start (its
 * object is missing or not executable, the user may not execute it, its inputs would be refused on
 * a direct start) ends FAULT_OTHER with the reason in its ACT report, and the workflow blocks on it.
 */
export async function startTask(launcher: ExecutionLauncher, task: StartedTask): Promise<void> {
  const { store, clock } = launcher.deps;
  const { principal, workflow, line, objectName, inherited } = task;
  const asTask = { parent: workflow.runId, lineNumber: line, activatorObjectType: "JOBP", activationTime: task.activatedAt };
  const object = await findObject(store.db, principal.client, objectName);
  let refusal: string | undefined;
  let inputs: ReadonlyMap<string, string> = new Map();
  if (object === undefined) refusal = `object '${objectName}' does not exist`;
  else if (!RUNNABLE_TYPES.has(object.type)) refusal = `object '${objectName}' of type ${object.type} is not executable`;
  else {
    try {
      requireExecute(principal, object);
      // A task's prompt inputs are what the workflow hands down, checked and completed with the
      // defaults as on a direct start.
      const { declared, issues } = await declaredInputs(store, principal.client, object.body, "inputs");
      inputs = checkedInputs(declared, issues, inheritedInputs(declared, inherited), "inputs");
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusal = error.details;
    }
  }
  if (object === undefined || refusal !== undefined) {
    const body: ObjectBody = object?.body ?? { general_attributes: { name: objectName } };
    const failed = await taskExecution(launcher, task, object?.type ?? "JOBS", objectName, body, { ...asTask, status: Status.FAULT_OTHER });
    if (failed === undefined) return;
    const act = new ReportWriter(store, clock, principal.client, failed.runId, "ACT");
    act.line(`U00011415 Task in line ${line} of workflow '${workflow.name}' cannot start: ${refusal ?? "unknown reason"}.`);
    await act.end();
    return;
  }
  const execution = await taskExecution(launcher, task, object.type, object.name, object.body, { ...objectDetails(object.body), ...asTask });
  if (execution === undefined) return;
  await launcher.keepInputs(execution, inputs);
  await launcher.dispatch(execution, object.body, { principal, depth: task.depth, launcher, inherited: new Map([...inherited, ...inputs]) });
}

/** Records a workflow task that ends without running, with `status` (inactive, skipped, not run again). */
export async function settleTask(launcher: ExecutionLauncher, task: WorkflowTask & { objectType: string; status: number }): Promise<void> {
  const { recorder, clock } = launcher.deps;
  if (task.waiting !== undefined) {
    await recorder.claim({ client: task.principal.client, runId: task.waiting }, Status.WAITING_FOR_PREDECESSOR, { status: task.status, endTime: clock.now() });
    return;
  }
  const type = recordedType(task.objectType);
  await launcher.create(task.principal, type, task.objectName, { general_attributes: { name: task.objectName, type } }, {
    parent: task.workflow.runId,
    lineNumber: task.line,
    activatorObjectType: "JOBP",
    status: task.status,
  });
}

/** A workflow's restart from a task line: what it runs again, and the workflow's tasks by line. */
export interface RestartFromLine {
  line: number;
  downstreamOnly: boolean;
  plan: WorkflowRestartPlan;
  tasks: ReadonlyMap<number, { objectName: string; objectType: string }>;
}

/** `line 2` or `lines 2, 4`. */
const lineList = (lines: readonly number[]) => `line${lines.length === 1 ? "" : "s"} ${lines.join(", ")}`;

/**
 * A workflow restarted from a line runs the tasks its plan runs again: that line's task and every
 * later line, or only what is downstream of it. The others are recorded as not run again (1922,
 * an OK end: their successors go on) before the workflow starts, so the runner finds them settled
 * however late it starts. The ACT report says which lines were not run again.
 */
export async function settleNotRun(launcher: ExecutionLauncher, principal: Principal, workflow: Execution, from: RestartFromLine): Promise<void> {
  for (const line of from.plan.notRun) {
    const task = from.tasks.get(line);
    if (task === undefined) continue;
    await settleTask(launcher, { principal, workflow, line, objectName: task.objectName, objectType: task.objectType, status: Status.ENDED_INACTIVE_MANUALLY });
  }
  const { notRun, rerun } = from.plan;
  const notRunText = notRun.length === 0 ? (from.downstreamOnly ? "no other line" : "no line before it") : lineList(notRun);
  const scope = from.downstreamOnly ? `line ${from.line} and the tasks downstream of it (${lineList(rerun)})` : `line ${from.line}`;
  const act = new ReportWriter(launcher.deps.store, launcher.deps.clock, workflow.client, workflow.runId, "ACT");
  act.line(`U00011424 Workflow restarted from ${scope}: ${notRunText} not run again.`);
  await act.end();
}
