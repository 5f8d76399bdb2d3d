import { EXECUTION_TYPE_OF_OBJECT, ErrorCode, Status, isFinalStatus, type InExecutionBody, type ObjectBody } from "@baton/contract";
import type { ScriptValue } from "@baton/script";
import type { Logger } from "pino";
import { maySeeExecution } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { loadPrincipal } from "../auth/principal-loader";
import { NotFoundError } from "../domain/errors";
import type { Execution } from "../domain/execution";
import type { WorkflowDefinition } from "../domain/workflow";
import type { Store } from "../store/connect";
import { findExecution, requireExecutionBody, type NewExecution } from "../store/executions-store";
import { findExecutionVariables, listPassedValues, setExecutionVariables } from "../store/execution-variables-store";
import type { Agent } from "../runtime/agent-port";
import { AgentGroupRunner } from "../runtime/agent-group-runner";
import { BackgroundRuns } from "../runtime/background-runs";
import type { CallbackPolicy } from "../runtime/callback-policy";
import type { Clock } from "../runtime/clock";
import type { ExecutionEventBus } from "../runtime/event-bus";
import type { EventRunner } from "../runtime/event-runner";
import type { ExecutionRecorder } from "../runtime/execution-recorder";
import type { JobRunner } from "../runtime/job-runner";
import type { NotificationRunner } from "../runtime/notification-runner";
import { PeriodRunner } from "../runtime/period-runner";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import { ScheduleRunner } from "../runtime/schedule-runner";
import type { ScriptRunner } from "../runtime/script-runner";
import type { TransferRunner } from "../runtime/transfer-runner";
import type { WorkflowRunner } from "../runtime/workflow-runner";
import { activate } from "./activate";
import { cancelForScript } from "./change-status";
import type { CreateDetails } from "./execution-details";
import { CLIENT_QUEUE, SLOT_TYPES, freeSlots } from "./queues";
import { activateTasks, endWaitingTasks, settleTask, startTask, type StartedTask } from "./workflow-tasks";

/** Deepest chain of scripts activating objects that activate scripts, so no activation recurses forever. */
export const MAX_ACTIVATION_DEPTH = 16;

/** Who an execution runs for, how deep in a chain of activations it sits, and what it inherits. */
export interface ActivationContext {
  principal: Principal;
  depth: number;
  /** Where its runner starts and watches further executions. */
  launcher: Launcher;
  /** Values the workflow's earlier tasks passed with :PSET; they start as variables of the run. */
  inherited: ReadonlyMap<string, ScriptValue>;
}

/**
 * The one port the runners call back: schedules, period containers and agent groups create and
 * dispatch their children; workflows start and settle their tasks; scripts activate, watch and
 * cancel other executions.
 */
export interface Launcher {
  create(principal: Principal, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution>;
  /** Starts an execution, or lets it wait for a queue slot. */
  dispatch(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void>;
  /** The definition an execution runs (stored with it when it was created). */
  definitionOf(execution: Execution): Promise<ObjectBody>;
  /** The context an execution was activated with, or one rebuilt from the database. */
  contextOf(execution: Execution): Promise<ActivationContext>;
  /** Activates the object of a workflow task as a child of the workflow, activated at the step's time. */
  startTask(task: StartedTask): Promise<void>;
  /** Records a workflow task that ends without running (inactive, skipped); `waiting`: its execution activated with the workflow. */
  settleTask(principal: Principal, workflow: Execution, line: number, objectName: string, objectType: string, status: number, waiting?: number): Promise<void>;
  /** Activates the tasks of a workflow that have no execution yet: they wait for their predecessors (1700). */
  activateTasks(principal: Principal, workflow: Execution, definition: WorkflowDefinition, activated: ReadonlySet<number>): Promise<void>;
  /** Ends the tasks of a workflow still waiting for their predecessors, with `status`: they will not run. */
  endWaitingTasks(workflow: Execution, status: number): Promise<void>;
  activate(principal: Principal, request: InExecutionBody, depth: number): Promise<Execution>;
  /** Resolves with the execution once it has ended (on any node). */
  waitForEnd(client: number, runId: number): Promise<Execution>;
  /** The values an ended execution returned to its activator with :RSET. */
  returnedValues(client: number, runId: number): Promise<Record<string, string | number>>;
  /** Status code of an execution the principal may see (auth/acts), 0 when unknown or not visible to it. */
  statusOf(principal: Principal, runId: number): Promise<number>;
  /**
   * Cancels an execution for the principal: 0 when cancelled, else a non-zero error number (1 not
   * running, 2 unknown, 3 the principal may not cancel it, auth/acts).
   */
  cancel(principal: Principal, runId: number): Promise<number>;
}

/** What the executions layer works with: the store, time, the recorder and the runners by type. */
export interface ExecutionsDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  bus: ExecutionEventBus;
  jobs: JobRunner;
  scripts: ScriptRunner;
  workflows: WorkflowRunner;
  transfers: TransferRunner;
  events: EventRunner;
  /** Connected agents by name, to start jobs that wait for theirs. */
  agents: ReadonlyMap<string, Agent>;
  notifications: NotificationRunner;
  scheduler: { poke(): void };
  callbacks: CallbackPolicy;
  estimator: RuntimeEstimator;
  logger: Logger;
}

/** Creates executions, dispatches them to their queue and starts each by its type. */
export class ExecutionLauncher implements Launcher {
  /** Contexts of executions waiting to start, kept so they start as activated (rebuilt after a restart). */
  readonly #contexts = new Map<number, ActivationContext>();
  /** Starts of schedules, events and notifications under way. */
  readonly #background: BackgroundRuns;
  readonly schedules: ScheduleRunner;
  readonly periods: PeriodRunner;
  readonly groups: AgentGroupRunner;

  constructor(readonly deps: ExecutionsDeps) {
    this.#background = new BackgroundRuns(deps);
    this.schedules = new ScheduleRunner(deps, this);
    this.periods = new PeriodRunner(deps, this);
    this.groups = new AgentGroupRunner(deps, this);
  }

  /** A context for an execution started by `principal` at the top of a chain of activations. */
  contextFor(principal: Principal, inherited: ReadonlyMap<string, ScriptValue> = new Map()): ActivationContext {
    return { principal, depth: 0, launcher: this, inherited };
  }

  async create(principal: Principal, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution> {
    return this.deps.recorder.create(await this.#newExecution(principal, objectType, name, body, details), JSON.stringify(body));
  }

  /** Creates executions in one transaction, in the order given. */
  async createMany(principal: Principal, executions: ReadonlyArray<{ objectType: string; name: string; body: ObjectBody; details: CreateDetails }>): Promise<Execution[]> {
    const records = [];
    for (const { objectType, name, body, details } of executions) records.push({ execution: await this.#newExecution(principal, objectType, name, body, details), definition: JSON.stringify(body) });
    return this.deps.recorder.createMany(records);
  }

  /**
   * Generates a workflow task that was activated with its workflow and waits for its predecessors
   * (1700) from its object as it is now, as `create` would create it; it keeps its RunID and
   * activation time. Undefined when it no longer waits (its workflow was cancelled meanwhile).
   */
  async generate(principal: Principal, waiting: Pick<Execution, "client" | "runId">, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution | undefined> {
    const execution = await this.#newExecution(principal, objectType, name, body, details);
    const { status, queue, title, archiveKey1, archiveKey2, estimatedRuntime, type } = execution;
    const generated = { objectType, type, queue, title, archiveKey1, archiveKey2, estimatedRuntime, definition: JSON.stringify(body) };
    return this.deps.recorder.claim(waiting, Status.WAITING_FOR_PREDECESSOR, { status, ...(execution.endTime !== null && { endTime: execution.endTime }), generated });
  }

  /** What an execution of the object is created with. */
  async #newExecution(principal: Principal, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<NewExecution> {
    const now = this.deps.clock.now();
    const estimatedRuntime = (await this.deps.estimator.estimateFor(principal.client, name, body)) ?? null;
    return {
      client: principal.client,
      name,
      objectType,
      type: EXECUTION_TYPE_OF_OBJECT[objectType] ?? objectType,
      queue: details.queue ?? CLIENT_QUEUE,
      status: details.status ?? Status.PREPARING,
      activationTime: details.activationTime ?? now,
      startTime: null,
      endTime: details.status === undefined || !isFinalStatus(details.status) ? null : now,
      user: principal.userName,
      agent: null,
      platform: null,
      parent: details.parent ?? null,
      referenceRunId: details.referenceRunId ?? 0,
      lineNumber: details.lineNumber ?? null,
      returnCode: null,
      alias: details.alias ?? null,
      title: details.title ?? null,
      archiveKey1: details.archiveKey1 ?? null,
      archiveKey2: details.archiveKey2 ?? null,
      activatorObjectType: details.activatorObjectType ?? "API",
      repeatsType: details.repeatsType ?? null,
      restartCount: details.restartCount ?? 0,
      restartPredecessor: details.restartPredecessor ?? null,
      dueAt: details.dueAt ?? null,
      estimatedRuntime,
    };
  }

  /**
   * Starts an execution unless its queue is full: then it waits (1684) until the scheduler finds a
   * free slot. Workflows hold no slot; their tasks do.
   */
  async dispatch(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    if (SLOT_TYPES.has(execution.objectType) && (await freeSlots(this.deps.store, execution.client, execution.queue, execution.runId)) <= 0) {
      this.hold(execution.runId, context);
      await this.deps.recorder.change(execution, { status: Status.WAITING_FOR_QUEUE });
      return;
    }
    this.start(execution, body, context);
  }

  /** Starts an execution by its type, in the background: a failure of the engine ends it FAULT_OTHER. */
  start(execution: Execution, body: ObjectBody, context: ActivationContext): void {
    const { deps } = this;
    if (execution.objectType === "JSCH") void this.#background.run(execution, () => this.schedules.start(execution, body, context));
    else if (execution.objectType === "SCRI") void deps.scripts.start(execution, body, context);
    else if (execution.objectType === "JOBF") void deps.transfers.start(execution, body);
    else if (execution.objectType === "EVNT") void this.#background.run(execution, () => deps.events.start(execution, body));
    else if (execution.objectType === "CALL") void this.#background.run(execution, () => deps.notifications.start(execution, body));
    else if (execution.objectType === "JOBP") void this.#background.run(execution, () => deps.workflows.start(execution, context));
    else void this.#background.run(execution, () => this.#startJob(execution, body, context));
  }

  /**
   * Starts an execution a round has claimed, with its definition and its activating user's rights
   * as they are now. When either is gone (the object or the user was deleted while it waited), that
   * execution ends FAULT_OTHER and the round goes on with the others.
   */
  resume(execution: Execution, start: (definition: ObjectBody, context: ActivationContext) => Promise<void> | void): Promise<void> {
    return this.#background.run(execution, async () => start(await this.definitionOf(execution), await this.contextOf(execution)));
  }

  /** A slot of a schedule (JSCH) or a recurring execution (PERIOD) whose time has come. */
  slotDue(slot: Execution): Promise<void> {
    return slot.activatorObjectType === "JSCH" ? this.schedules.slotDue(slot) : this.periods.slotDue(slot);
  }

  /** Keeps the context of an execution that waits (for release, its time, a slot), so it starts as activated. */
  hold(runId: number, context: ActivationContext): void {
    this.#contexts.set(runId, context);
  }

  /** Drops the kept context of an execution that will not start (cancelled while waiting). */
  forget(runId: number): void {
    this.#contexts.delete(runId);
  }

  /** Keeps prompt inputs with the execution, so it starts with them even after a restart of the engine. */
  async keepInputs(execution: Execution, inputs: ReadonlyMap<string, string>): Promise<void> {
    if (inputs.size > 0) await setExecutionVariables(this.deps.store.db, execution.client, execution.runId, { variables: Object.fromEntries(inputs), returned: {}, passed: {} });
  }

  async definitionOf(execution: Execution): Promise<ObjectBody> {
    return requireExecutionBody(this.deps.store.db, execution.client, execution.runId);
  }

  async contextOf(execution: Execution): Promise<ActivationContext> {
    const { store } = this.deps;
    const kept = this.#contexts.get(execution.runId);
    this.#contexts.delete(execution.runId);
    if (kept) return kept;
    const principal = await loadPrincipal(store, execution.client, execution.user);
    const passed = execution.parent === null ? [] : (await listPassedValues(store.db, execution.client, execution.parent)).flatMap((v) => Object.entries(v));
    // Prompt inputs were kept as the execution's variables when it was created; those of a recurring
    // start, with its period container, before the container planned its first activation.
    const owner = execution.parent !== null && execution.activatorObjectType === "PERIOD" ? execution.parent : execution.runId;
    const inputs = Object.entries(await findExecutionVariables(store.db, execution.client, owner));
    return this.contextFor(principal, new Map([...passed, ...inputs]));
  }

  startTask(task: StartedTask): Promise<void> {
    return startTask(this, task);
  }

  settleTask(principal: Principal, workflow: Execution, line: number, objectName: string, objectType: string, status: number, waiting?: number): Promise<void> {
    return settleTask(this, { principal, workflow, line, objectName, objectType, status, waiting });
  }

  activateTasks(principal: Principal, workflow: Execution, definition: WorkflowDefinition, activated: ReadonlySet<number>): Promise<void> {
    return activateTasks(this, principal, workflow, definition, activated);
  }

  endWaitingTasks(workflow: Execution, status: number): Promise<void> {
    return endWaitingTasks(this, workflow, status);
  }

  activate(principal: Principal, request: InExecutionBody, depth: number): Promise<Execution> {
    return activate(this, principal, request, depth);
  }

  async waitForEnd(client: number, runId: number): Promise<Execution> {
    const { bus, store } = this.deps;
    let unsubscribe = () => {};
    const ended = new Promise<void>((resolve) => {
      unsubscribe = bus.subscribeCluster((event) => {
        if (event.client === client && event.execution.runId === runId && isFinalStatus(event.execution.status)) resolve();
      });
    });
    try {
      const current = await findExecution(store.db, client, runId);
      if (current === undefined) throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}'.`);
      if (!isFinalStatus(current.status)) await ended;
      return (await findExecution(store.db, client, runId)) ?? current;
    } finally {
      unsubscribe();
    }
  }

  returnedValues(client: number, runId: number): Promise<Record<string, string | number>> {
    return findExecutionVariables(this.deps.store.db, client, runId, "returned");
  }

  async statusOf(principal: Principal, runId: number): Promise<number> {
    const execution = await findExecution(this.deps.store.db, principal.client, runId);
    return execution !== undefined && maySeeExecution(principal, execution) ? execution.status : 0;
  }

  cancel(principal: Principal, runId: number): Promise<number> {
    return cancelForScript(this, principal, runId);
  }

  /** Resolves when the starts under way have been recorded. */
  idle(): Promise<void> {
    return this.#background.idle();
  }

  /** A job runs on its agent, or, when that is an agent group in mode X, once on every member. */
  async #startJob(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    if (await this.groups.runsOnAllMembers(execution.client, body)) await this.groups.start(execution, body, context);
    else await this.deps.jobs.start(execution, body, context);
  }
}
