import {
  EXECUTION_TYPE_OF_OBJECT,
  ErrorCode,
  Status,
  isFinalStatus,
  isWaitingStatus,
  type InChangeExecutionStatusBody,
  type ExecutionField,
  type ExecutionListField,
  type InExecutionBody,
  type ObjectBody,
  type OutErtEstimations,
} from "@baton/contract";
import { parseScript, ScriptSyntaxError, type ScriptValue } from "@baton/script";
import type { Logger } from "pino";
import { requirePrivilege } from "../auth/access";
import { mayCancel, maySeeExecution, requireCancel, requireExecute, requireSeeExecution, visibleExecutions } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { loadPrincipal } from "../auth/principal-loader";
import { BadRequestError, DomainError, NotFoundError, ValidationError, invalid, type ValidationIssue } from "../domain/errors";
import { inheritedInputs, promptInputs, promptSetNames, resolveInputs, type PromptInput } from "../domain/prompt-sets";
import { DEFAULT_TIME_ZONE } from "../domain/object-time-zone";
import { CLIENT_DELETION, type Execution } from "../domain/execution";
import type { Store } from "../store/connect";
import {
  countQueueSlotsInUse,
  findExecution,
  findExecutionDefinition,
  findExecutionVariables,
  listChildren,
  lockDue,
  listExecutions,
  listPassedValues,
  listUnfinishedExecutions,
  listWaitingForAgent,
  listWaitingForQueue,
  listWaitingForResource,
  pageChildren,
  setDueAt,
  setExecutionVariables,
  type ExecutionFilter,
  type ListPaging,
} from "../store/executions-store";
import { listedFields, type ExecutionPage, type FieldSources, type ListedExecution } from "../executions/execution-fields";
import { readRecurrence } from "../domain/recurrence";
import { setExecutionCallback } from "../store/callbacks-store";
import { addComment, listComments, type ExecutionComment } from "../store/comments-store";
import { textClientSetting } from "../store/client-settings";
import { findObject } from "../store/objects-store";
import type { ActivationContext, Activator } from "./activation-context";
import { BackgroundRuns } from "./background-runs";
import { PERIOD_CONTAINER, RUNNABLE_TYPES, callbackSpec, objectDetails, type ChildStarter, type CreateDetails } from "./execution-details";
import { AGENT_GROUP_ACTIVATOR, AgentGroupRunner } from "./agent-group-runner";
import { PeriodRunner } from "./period-runner";
import { executionErt } from "./execution-ert";
import type { RuntimeEstimator } from "./runtime-estimator";
import { resolveTimeZone } from "./time-zones";
import { ScheduleRunner } from "./schedule-runner";
import type { CallbackPolicy } from "./callback-policy";
import type { Clock } from "./clock";
import type { ExecutionEventBus } from "./event-bus";
import type { ExecutionRecorder } from "./execution-recorder";
import type { JobRunner } from "./job-runner";
import { ReportWriter } from "./report-writer";
import type { ScriptRunner } from "./script-runner";
import type { Agent } from "./agent-port";
import type { EventRunner } from "./event-runner";
import { groupMembers, readAgentGroup } from "../domain/agent-group";
import { jobTarget, LOGICAL_DATE_VARIABLE, RESTART_POINT_VARIABLE, restartPoints } from "../domain/job-script";
import { wireTime } from "../domain/wire-time";
import { queueSlots } from "../domain/queue";
import { readWorkflow, type WorkflowDefinition } from "../domain/workflow";
import type { NotificationRunner } from "./notification-runner";
import type { TransferRunner } from "./transfer-runner";
import type { WorkflowRunner } from "./workflow-runner";


/** Types that hold a queue slot while active. */
const SLOT_TYPES = new Set(["JOBS", "SCRI", "JOBF"]);
/** The queue every client has without a QUEUE object, and executions run in unless told otherwise. */
const CLIENT_QUEUE = "CLIENT_QUEUE";
/** Executions whose start time has come, claimed per transaction: small, so that several nodes share a burst. */
const DUE_BATCH = 20;


/** Name of the executions POST /scripts starts. */
export const AD_HOC_SCRIPT_NAME = "SCRIPT";

export interface ExecutionServiceDeps {
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

/** Starting executions, running them by type, and reading them. */
export class ExecutionService implements Activator {
  /** Contexts of executions waiting to start, kept so they start as activated (rebuilt after a restart). */
  readonly #contexts = new Map<number, ActivationContext>();
  /** Starts of schedules, events and notifications under way. */
  readonly #background: BackgroundRuns;
  readonly #schedules: ScheduleRunner;
  readonly #periods: PeriodRunner;
  readonly #groups: AgentGroupRunner;

  constructor(private readonly deps: ExecutionServiceDeps) {
    this.#background = new BackgroundRuns(deps);
    const starter: ChildStarter = {
      create: (principal, objectType, name, body, details) => this.#create(principal, objectType, name, body, details),
      dispatch: (execution, body, context) => this.#dispatch(execution, body, context),
      definitionOf: (execution) => this.#definitionOf(execution),
      contextOf: (execution) => this.#contextOf(execution),
    };
    this.#schedules = new ScheduleRunner(deps, starter);
    this.#periods = new PeriodRunner(deps, starter);
    this.#groups = new AgentGroupRunner(deps, starter);
    // An activation of a period container that ends may plan the next one or end the container.
    deps.bus.subscribe((event) => {
      const { parent, activator_object_type: activator, status } = event.execution;
      if (parent !== undefined && activator === "PERIOD" && isFinalStatus(status)) {
        void this.#periods.afterEnd(event.client, parent).catch((error: unknown) => deps.logger.error({ err: error, runId: parent }, "period container step failed"));
      }
      // The job of an agent group in mode X ends once the jobs on all its agents have.
      if (parent !== undefined && activator === AGENT_GROUP_ACTIVATOR && isFinalStatus(status)) {
        void this.#groups.afterEnd(event.client, parent).catch((error: unknown) => deps.logger.error({ err: error, runId: parent }, "agent group step failed"));
      }
    });
  }

  /** Activates an object for the principal and returns the new execution. */
  async activate(principal: Principal, request: InExecutionBody, depth = 0): Promise<Execution> {
    const { store } = this.deps;
    // A recurring rule is read first: a wrong one starts nothing.
    const timezone = request.timezone === undefined ? undefined : await this.#timeZone(principal.client, request.timezone);
    const rule = request.executionOption === "recurring" ? readRecurrence(request.recurring, timezone) : undefined;
    const dueAt = request.executionOption === "once" && request.once?.executionDateTime !== undefined ? Date.parse(request.once.executionDateTime) : undefined;
    if (request.callback !== undefined) await this.deps.callbacks.check(request.callback.http.url);
    const object = await findObject(store.db, principal.client, request.objectName);
    if (object === undefined) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${request.objectName}' does not exist in client ${principal.client}.`);
    }
    requireExecute(principal, object);
    if (!RUNNABLE_TYPES.has(object.type)) {
      throw invalid(ErrorCode.NOT_EXECUTABLE, "object_name", `object '${object.name}' of type ${object.type} is not executable`, request.objectName);
    }
    if (request.queue !== undefined) await this.#requireQueue(principal.client, request.queue);
    const prompted = await this.#inputsFor(principal.client, object.body, request.inputs ?? {}, "inputs");
    // A once start's use_logical_time is the run's logical date: kept as its predefined
    // &$LOGICAL_DATE# with its inputs, read by SYS_LDATE and inherited by a workflow's tasks.
    const logical = request.executionOption === "once" ? request.once?.useLogicalTime : undefined;
    const inputs = logical === undefined ? prompted : new Map([...prompted, [LOGICAL_DATE_VARIABLE, wireTime(logical)]]);
    const details = objectDetails(object.body);
    const context: ActivationContext = { principal, depth, activator: this, inherited: inputs };
    if (rule !== undefined) return this.#periods.start(principal, object.name, object.type, object.body, request, rule, inputs);
    // A once execution whose time lies ahead waits for it (1698); the scheduler starts it then.
    if (dueAt !== undefined && dueAt > this.deps.clock.now()) {
      const waiting = await this.#create(principal, object.type, object.name, object.body, { ...details, queue: request.queue ?? details.queue, alias: request.alias, status: Status.WAITING_FOR_START_TIME, dueAt });
      if (request.callback) await setExecutionCallback(store.db, principal.client, waiting.runId, callbackSpec(request.callback));
      await this.#keepInputs(waiting, inputs);
      this.#contexts.set(waiting.runId, context);
      this.deps.scheduler.poke();
      return waiting;
    }
    // Held for manual release (only when starting now): waits 1693 until released.
    const held = request.executionOption === "once" && request.once?.waitForManualRelease === true;
    const execution = await this.#create(principal, object.type, object.name, object.body, {
      ...details,
      queue: request.queue ?? details.queue,
      alias: request.alias,
      ...(held && { status: Status.WAITING_FOR_MANUAL_RELEASE }),
    });
    if (request.callback) await setExecutionCallback(store.db, principal.client, execution.runId, callbackSpec(request.callback));
    await this.#keepInputs(execution, inputs);
    if (held) this.#contexts.set(execution.runId, context);
    else await this.#dispatch(execution, object.body, context);
    return execution;
  }

  /**
   * POST /scripts: runs script lines as a Script execution. A script that does not parse starts
   * nothing and answers 400 with its line and column.
   */
  async runScript(principal: Principal, lines: readonly string[], queue: string | undefined): Promise<Execution> {
    requirePrivilege(principal, "SCRIPTS");
    if (lines.every((line) => line.trim() === "")) throw invalid(ErrorCode.INVALID_REQUEST, "script", "is empty: send at least one statement", lines.join("\n"));
    try {
      parseScript(lines, "script");
    } catch (error) {
      if (!(error instanceof ScriptSyntaxError)) throw error;
      throw new ValidationError([
        { code: ErrorCode.SCRIPT_SYNTAX, path: "script", error: error.message, invalidValue: lines[error.line - 1] ?? null, line: error.line, column: error.column },
      ]);
    }
    const body: ObjectBody = { general_attributes: { name: AD_HOC_SCRIPT_NAME, type: "SCRI" }, scripts: [{ process: [...lines] }] };
    const execution = await this.#create(principal, "SCRI", AD_HOC_SCRIPT_NAME, body, { queue });
    await this.#dispatch(execution, body, { principal, depth: 0, activator: this, inherited: new Map() });
    return execution;
  }

  /** An execution the principal may see (statistics right on its object). */
  async get(principal: Principal, runId: number): Promise<Execution> {
    const execution = await findExecution(this.deps.store.db, principal.client, runId);
    if (execution === undefined) {
      throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}' in client ${principal.client}.`);
    }
    requireSeeExecution(principal, execution);
    return execution;
  }

  /** A period container's rule as requested, its activation count and its next planned activation. */
  /** An execution the principal may see, with the `fields` asked for. */
  async detail(principal: Principal, runId: number, fields: readonly ExecutionField[]): Promise<ListedExecution> {
    const execution = await this.get(principal, runId);
    const extras = await listedFields(this.#fieldSources(principal.client), principal.client, [execution], fields);
    return { ...execution, ...extras.get(runId) };
  }

  #fieldSources(client: number): FieldSources {
    return { db: this.deps.store.db, describeRecurring: (runId) => this.#periods.describe(client, runId) };
  }

  /** A page of the immediate children (workflow tasks, schedule slots) of an execution the principal may see. */
  async children(principal: Principal, runId: number, paging: ListPaging): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
    await this.get(principal, runId);
    return pageChildren(this.deps.store.db, principal.client, runId, paging);
  }

  /** The comments of an execution the principal may see, oldest first. */
  async comments(principal: Principal, runId: number): Promise<ExecutionComment[]> {
    await this.get(principal, runId);
    return listComments(this.deps.store.db, principal.client, runId);
  }

  /**
   * Adds a comment (0 to 1024 characters) to an execution the principal may see. Codes of the
   * interface: 45150 for a missing comment, 45151 for an invalid one, 45149 when the client does
   * not allow comments (UC_CLIENT_SETTINGS EXECUTION_COMMENTS = OFF).
   */
  async addComment(principal: Principal, runId: number, comment: unknown): Promise<ExecutionComment> {
    if (comment === undefined || comment === null) throw invalid(ErrorCode.COMMENT_PROPERTY_NULL, "comment", "may not be null", null);
    if (typeof comment !== "string" || comment.length > 1024) throw invalid(ErrorCode.COMMENT_PROPERTY_INVALID, "comment", "must be text of at most 1024 characters", comment);
    await this.get(principal, runId);
    if ((await textClientSetting(this.deps.store.db, principal.client, "EXECUTION_COMMENTS")) === "OFF") {
      throw invalid(ErrorCode.COMMENT_CLIENT_NOT_ALLOWED, "comment", `client ${principal.client} does not allow comments on executions`, comment);
    }
    const added = { timestamp: this.deps.clock.now(), comment, user: principal.userName };
    await addComment(this.deps.store.db, principal.client, runId, added);
    return added;
  }

  /** The variables of an execution the principal may see. */
  /** GET .../ert: estimated runtimes of the execution (and of its tasks, for a workflow). */
  async ert(principal: Principal, runId: number): Promise<OutErtEstimations> {
    const execution = await this.get(principal, runId);
    return executionErt(this.deps.store.db, this.deps.estimator, execution, await this.#definitionOf(execution), this.deps.clock.now());
  }

  async variables(principal: Principal, runId: number): Promise<Record<string, unknown>> {
    await this.get(principal, runId);
    return findExecutionVariables(this.deps.store.db, principal.client, runId);
  }

  /** A page of the executions the principal may see, each with the extra `fields` asked for. */
  async list(principal: Principal, filter: ExecutionFilter, paging: ListPaging, fields: readonly ExecutionListField[] = []): Promise<ExecutionPage> {
    const { db } = this.deps.store;
    const { total, executions, hasmore } = await listExecutions(db, principal.client, { ...filter, access: visibleExecutions(principal) }, paging);
    const extras = await listedFields(this.#fieldSources(principal.client), principal.client, executions, fields);
    return { total, hasmore, executions: executions.map((e) => ({ ...e, ...extras.get(e.runId) })) };
  }

  /** Resolves when the starts under way have been recorded. */
  idle(): Promise<void> {
    return this.#background.idle();
  }

  async waitForEnd(client: number, runId: number): Promise<Execution> {
    const { bus, store } = this.deps;
    let unsubscribe = () => {};
    const ended = new Promise<void>((resolve) => {
      unsubscribe = bus.subscribeCluster((event) => {
        if (event.client === client && event.execution.run_id === runId && isFinalStatus(event.execution.status)) resolve();
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

  /** Values a task passed to its workflow with :PSET. */
  passedValues(client: number, runId: number): Promise<Record<string, string | number>> {
    return findExecutionVariables(this.deps.store.db, client, runId, "passed");
  }

  async statusOf(principal: Principal, runId: number): Promise<number> {
    const execution = await findExecution(this.deps.store.db, principal.client, runId);
    return execution !== undefined && maySeeExecution(principal, execution) ? execution.status : 0;
  }

  async cancel(principal: Principal, runId: number): Promise<number> {
    const execution = await findExecution(this.deps.store.db, principal.client, runId);
    if (execution === undefined) return 2;
    if (!mayCancel(principal, execution)) return 3;
    if (isFinalStatus(execution.status) || execution.objectType === "SCRI") return 1;
    await this.#cancel(execution, false);
    return 0;
  }

  async startTask(principal: Principal, workflow: Execution, line: number, objectName: string, depth: number, inherited: ReadonlyMap<string, ScriptValue>): Promise<void> {
    const task = { parent: workflow.runId, lineNumber: line, activatorObjectType: "JOBP" };
    const object = await findObject(this.deps.store.db, principal.client, objectName);
    let refusal: string | undefined;
    let inputs: ReadonlyMap<string, string> = new Map();
    if (object === undefined) refusal = `object '${objectName}' does not exist`;
    else if (!RUNNABLE_TYPES.has(object.type)) refusal = `object '${objectName}' of type ${object.type} is not executable`;
    else {
      try {
        requireExecute(principal, object);
        // A task's prompt inputs are what the workflow hands down, checked and completed with the
        // defaults as on a direct start; a task whose inputs a direct start would refuse cannot start.
        const { declared, issues } = await this.#declaredInputs(principal.client, object.body, "inputs");
        inputs = checkedInputs(declared, issues, inheritedInputs(declared, inherited), "inputs");
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusal = error.details;
      }
    }
    if (object === undefined || refusal !== undefined) {
      // The task ends as a fault the operator sees, and the workflow blocks on it.
      const body: ObjectBody = object?.body ?? { general_attributes: { name: objectName } };
      const failed = await this.#create(principal, object?.type ?? "JOBS", objectName, body, { ...task, status: Status.FAULT_OTHER });
      const act = new ReportWriter(this.deps.store, this.deps.clock, principal.client, failed.runId, "ACT");
      act.line(`U00011415 Task in line ${line} of workflow '${workflow.name}' cannot start: ${refusal ?? "unknown reason"}.`);
      await act.end();
      return;
    }
    const execution = await this.#create(principal, object.type, object.name, object.body, { ...objectDetails(object.body), ...task });
    await this.#keepInputs(execution, inputs);
    await this.#dispatch(execution, object.body, { principal, depth, activator: this, inherited: new Map([...inherited, ...inputs]) });
  }

  async settleTask(principal: Principal, workflow: Execution, line: number, objectName: string, objectType: string, status: number): Promise<void> {
    const type = objectType.startsWith("<") ? "JOBS" : objectType;
    await this.#create(principal, type, objectName, { general_attributes: { name: objectName, type } }, { parent: workflow.runId, lineNumber: line, activatorObjectType: "JOBP", status });
  }

  /** POST .../status: cancel an active execution or restart an ended one. Returns the execution acted on or started. */
  async changeStatus(principal: Principal, runId: number, request: InChangeExecutionStatusBody): Promise<Execution> {
    const execution = await this.get(principal, runId);
    requireCancel(principal, execution);
    if (request.action === "acknowledge") {
      const acknowledged = execution.objectType === "CALL" ? await this.deps.notifications.acknowledge(execution, principal.userName) : undefined;
      if (acknowledged === undefined) throw transition(`execution ${runId} is not a notification waiting for acknowledgement`);
      return acknowledged;
    }
    if (request.action === "release") {
      const released = await this.deps.recorder.claim(execution, Status.WAITING_FOR_MANUAL_RELEASE, { status: Status.PREPARING });
      if (released === undefined) throw transition(`execution ${runId} is not waiting for manual release (${execution.status})`);
      await this.#dispatch(released, await this.#definitionOf(released), await this.#contextOf(released));
      return released;
    }
    if (request.action === "cancel") {
      if (isFinalStatus(execution.status)) throw transition(`execution ${runId} has already ended (${execution.status}); only active executions can be cancelled`);
      if (execution.objectType === "SCRI") return this.#cancelScriptNotStarted(execution);
      await this.#cancel(execution, request.cancel?.recursive ?? false);
      return execution;
    }
    if (!isFinalStatus(execution.status)) throw transition(`execution ${runId} is still active (${execution.status}); only ended executions can be restarted`);
    const options = request.restart ?? {};
    const body: ObjectBody = JSON.parse((await findExecutionDefinition(this.deps.store.db, principal.client, runId)) ?? "{}");
    // Everything is checked before anything is created: a refused restart leaves no trace.
    if (options.queue !== undefined) await this.#requireQueue(principal.client, options.queue, "restart.queue");
    const inputs = await this.#inputsFor(principal.client, body, options.inputs ?? {}, "restart.inputs");
    const from = options.restartPoint === undefined ? undefined : restartPointOf(execution, body, options.restartPoint);
    const restarted = await this.#create(principal, execution.objectType, execution.name, body, {
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
    const logical = (await findExecutionVariables(this.deps.store.db, principal.client, runId))[LOGICAL_DATE_VARIABLE];
    const kept = new Map([...inputs, [LOGICAL_DATE_VARIABLE, typeof logical === "string" ? logical : wireTime(execution.activationTime)]]);
    if (from?.kind === "page") kept.set(RESTART_POINT_VARIABLE, from.point);
    if (from?.kind === "line") await this.#skipLinesBefore(principal, restarted, from.line, from.definition);
    const context: ActivationContext = { principal, depth: 0, activator: this, inherited: kept };
    await this.#keepInputs(restarted, kept);
    if (options.waitForManualRelease) this.#contexts.set(restarted.runId, context);
    else await this.#dispatch(restarted, body, context);
    return restarted;
  }

  /**
   * A workflow restarted from a line runs that line's task and what follows it; the tasks on the
   * lines before it are recorded as not run (1922, an OK end: their successors go on) before the
   * workflow starts, so the runner finds them settled however late it starts.
   */
  async #skipLinesBefore(principal: Principal, workflow: Execution, line: number, definition: WorkflowDefinition): Promise<void> {
    const skipped: number[] = [];
    for (const task of definition.tasks.values()) {
      if (task.line >= line || task.line === definition.startLine || task.line === definition.endLine) continue;
      const type = task.objectType.startsWith("<") ? "JOBS" : task.objectType;
      await this.#create(principal, type, task.objectName, { general_attributes: { name: task.objectName, type } }, {
        parent: workflow.runId,
        lineNumber: task.line,
        activatorObjectType: "JOBP",
        status: Status.ENDED_INACTIVE_MANUALLY,
      });
      skipped.push(task.line);
    }
    const act = new ReportWriter(this.deps.store, this.deps.clock, workflow.client, workflow.runId, "ACT");
    act.line(`U00011424 Workflow restarted from line ${line}: ${skipped.length === 0 ? "no line before it" : `line${skipped.length === 1 ? "" : "s"} ${skipped.join(", ")}`} not run again.`);
    await act.end();
  }

  /**
   * A script runs to its end once started; until then (held for release, waiting for its start
   * time, a queue or its predecessors) it is cancelled like any waiting execution. The claim from
   * its waiting status loses to a release or start that came first.
   */
  async #cancelScriptNotStarted(execution: Execution): Promise<Execution> {
    const notStarted = `execution ${execution.runId} is a script that has started (${execution.status}); it runs to its end: cancel what it waits for instead`;
    if (!isWaitingStatus(execution.status)) throw transition(notStarted);
    const cancelled = await this.deps.recorder.claim(execution, execution.status, { status: Status.ENDED_CANCEL, endTime: this.deps.clock.now() });
    if (cancelled === undefined) throw transition(notStarted);
    this.#contexts.delete(execution.runId);
    return cancelled;
  }

  /** Ends an active execution as cancelled; a workflow with `recursive` takes its active tasks with it. */
  async #cancel(execution: Execution, recursive: boolean): Promise<void> {
    const { recorder, clock, store } = this.deps;
    if (execution.objectType === "JSCH" || execution.objectType === PERIOD_CONTAINER) {
      // A schedule or period container ends; its waiting slots end with it, its running tasks only with `recursive`.
      await recorder.change(execution, { status: Status.ENDED_CANCEL, endTime: clock.now() });
      for (const child of await listChildren(store.db, execution.client, execution.runId)) {
        if (child.status === Status.WAITING_FOR_START_TIME) await recorder.claim(child, Status.WAITING_FOR_START_TIME, { status: Status.ENDED_CANCEL, endTime: clock.now() });
        else if (recursive && !isFinalStatus(child.status) && child.objectType !== "SCRI") await this.#cancel(child, true);
      }
      return;
    }
    if (execution.objectType === "JOBP") {
      await recorder.change(execution, { status: Status.ENDED_JP_CANCEL, endTime: clock.now() });
      if (recursive) {
        for (const child of await listChildren(store.db, execution.client, execution.runId)) {
          if (!isFinalStatus(child.status) && child.objectType !== "SCRI") await this.#cancel(child, true);
        }
      }
      return;
    }
    // A job in the runner ends as cancelled through its own flow (the process group is killed);
    // a waiting one simply ends, and so does the job of an agent group, with the jobs on its agents.
    if (!this.deps.jobs.cancel(execution.runId)) {
      this.#contexts.delete(execution.runId);
      await recorder.change(execution, { status: Status.ENDED_CANCEL, endTime: clock.now() });
      for (const child of await listChildren(store.db, execution.client, execution.runId)) {
        if (!isFinalStatus(child.status)) await this.#cancel(child, true);
      }
    }
  }

  /** A slot of a schedule (JSCH) or a recurring execution (PERIOD) whose time has come. */
  #slotDue(slot: Execution): Promise<void> {
    return slot.activatorObjectType === "JSCH" ? this.#schedules.slotDue(slot) : this.#periods.slotDue(slot);
  }

  /**
   * After a restart, or taking over from a node that died: executions never handed on (1300) start
   * now; those that were handed to an agent or started running are recorded as lost (their
   * process died with the node), never run twice. `unfinished` are the executions to recover
   * (every unfinished one by default).
   */
  async recover(unfinished?: readonly Execution[]): Promise<{ restarted: number; lost: number }> {
    const { store, clock, recorder, logger } = this.deps;
    let restarted = 0;
    let lost = 0;
    const groupJobs: Execution[] = [];
    for (const execution of unfinished ?? (await listUnfinishedExecutions(store.db))) {
      // A client deletion is finished by the client service.
      if (execution.objectType === CLIENT_DELETION) continue;
      // Waiting executions stay waiting: the scheduler starts them from the database.
      if ([Status.WAITING_FOR_START_TIME, Status.WAITING_FOR_QUEUE, Status.WAITING_FOR_MANUAL_RELEASE, Status.WAITING_FOR_AGENT, Status.WAITING_FOR_RESOURCE].some((s) => s === execution.status)) continue;
      // An active schedule's next slots are waiting children; a task left without one gets it now.
      if (execution.objectType === "JSCH" && execution.status === Status.ACTIVE) {
        const principal = await loadPrincipal(store, execution.client, execution.user).catch(() => undefined);
        if (principal !== undefined) await this.#schedules.replan(execution, principal);
        continue;
      }
      if ((execution.objectType === "EVNT" || execution.objectType === "CALL") && execution.status === Status.ACTIVE) {
        // An event whose check was under way when the engine stopped has no next check yet: check now.
        if (execution.objectType === "EVNT" && execution.dueAt === null) await setDueAt(store.db, execution.client, execution.runId, clock.now());
        continue;
      }
      // A period container may have missed its last end while the engine was down: settle it.
      if (execution.objectType === PERIOD_CONTAINER && execution.status === Status.ACTIVE) {
        await this.#periods.afterEnd(execution.client, execution.runId);
        continue;
      }
      // The job of an agent group in mode X ends from the jobs on its agents (those lost end 1815).
      if (execution.objectType === "JOBS" && execution.status === Status.ACTIVE && (await listChildren(store.db, execution.client, execution.runId)).length > 0) {
        groupJobs.push(execution);
        continue;
      }
      if (execution.objectType === "JOBP") {
        // A workflow goes on from its tasks' states; tasks lost with the engine block it.
        const principal = await loadPrincipal(store, execution.client, execution.user).catch(() => undefined);
        if (principal !== undefined) {
          void this.deps.workflows.resume(execution, { principal, depth: 0, activator: this, inherited: new Map() });
          restarted += 1;
          continue;
        }
      }
      // A slot of a schedule or recurring execution taken when due: taken again, which plans the
      // next slot if the engine stopped before it did, and starts the task.
      if (execution.status === Status.PREPARING && (execution.activatorObjectType === "JSCH" || execution.activatorObjectType === "PERIOD")) {
        await this.#slotDue(execution);
        restarted += 1;
        continue;
      }
      if (execution.status === Status.PREPARING) {
        const definition = await findExecutionDefinition(store.db, execution.client, execution.runId);
        const principal = await loadPrincipal(store, execution.client, execution.user).catch(() => undefined);
        if (definition !== undefined && principal !== undefined) {
          this.#start(execution, JSON.parse(definition), { principal, depth: 0, activator: this, inherited: new Map() });
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
    for (const job of groupJobs) await this.#groups.afterEnd(job.client, job.runId);
    if (restarted + lost > 0) logger.info({ restarted, lost }, "recovered executions left over by the previous run");
    return { restarted, lost };
  }

  async #create(principal: Principal, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution> {
    const now = this.deps.clock.now();
    const estimatedRuntime = (await this.deps.estimator.estimateFor(principal.client, name, body)) ?? null;
    return this.deps.recorder.create(
      {
        client: principal.client,
        name,
        objectType,
        type: EXECUTION_TYPE_OF_OBJECT[objectType] ?? objectType,
        queue: details.queue ?? CLIENT_QUEUE,
        status: details.status ?? Status.PREPARING,
        activationTime: now,
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
        restartCount: details.restartCount ?? 0,
        restartPredecessor: details.restartPredecessor ?? null,
        dueAt: details.dueAt ?? null,
        estimatedRuntime,
      },
      JSON.stringify(body),
    );
  }

  /**
   * Starts an execution unless its queue is full: then it waits (1684) until the scheduler finds a
   * free slot. Workflows hold no slot; their tasks do.
   */
  async #dispatch(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    if (SLOT_TYPES.has(execution.objectType) && (await this.#freeSlots(execution.client, execution.queue, execution.runId)) <= 0) {
      this.#contexts.set(execution.runId, context);
      await this.deps.recorder.change(execution, { status: Status.WAITING_FOR_QUEUE });
      return;
    }
    this.#start(execution, body, context);
  }

  /**
   * Starts the jobs waiting (1685) for an agent or agent group member connected to this node. Every
   * node runs it when an agent connects to it or a job starts waiting; a claim moves the status
   * only from 1685, so a job starts on one node only.
   */
  async startJobsWaitingForAgents(): Promise<void> {
    const { store, recorder } = this.deps;
    for (const waiting of await listWaitingForAgent(store.db, 500)) {
      const definition = await this.#definitionOf(waiting);
      const agent = jobTarget(definition).agent;
      const group = this.deps.agents.has(agent) ? undefined : await findObject(store.db, waiting.client, agent);
      const connected = this.deps.agents.has(agent) || (group?.type === "HOSTG" && groupMembers(readAgentGroup(group.body), [...this.deps.agents.keys()]).length > 0);
      if (!connected) continue;
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_AGENT, { status: Status.PREPARING });
      if (claimed) await this.#resume(claimed, (_, context) => this.#start(claimed, definition, context));
    }
  }

  /**
   * One scheduler round: due once executions are claimed and dispatched, then executions waiting
   * for a queue slot start, oldest first, as far as their queues have room. A claim moves the
   * status only if it is still the waiting one, so no execution starts twice.
   */
  /**
   * Starts the executions whose start time has come, claimed in small batches: every scheduling
   * node runs it at once, and on PostgreSQL each batch skips the executions another node is
   * claiming, so all of them work and none starts one twice.
   */
  async startDue(): Promise<void> {
    const { store, clock, recorder } = this.deps;
    for (;;) {
      const claimed = await recorder.claimMany((trx) => lockDue(trx, store.dialect, clock.now(), DUE_BATCH), Status.WAITING_FOR_START_TIME, { status: Status.PREPARING });
      for (const execution of claimed) {
        if (execution.activatorObjectType === "JSCH" || execution.activatorObjectType === "PERIOD") await this.#slotDue(execution);
        else await this.#resume(execution, async (definition, context) => this.#dispatch(execution, definition, context));
      }
      if (claimed.length < DUE_BATCH) return;
    }
  }

  /**
   * The scheduler leader's round: due event checks, and the executions waiting for an agent, a
   * resource or a queue slot, which need one view of the whole cluster's slots.
   */
  async admitWaiting(): Promise<void> {
    const { store, recorder } = this.deps;
    await this.deps.events.checkDue((execution) => this.#contextOf(execution));
    await this.startJobsWaitingForAgents();
    // Jobs held back by their agent's limit start, oldest first, as slots free up.
    const agentRoom = new Map<string, number>();
    for (const waiting of await listWaitingForResource(store.db, 500)) {
      const agent = waiting.agent ?? "";
      const room = agentRoom.get(agent) ?? this.deps.jobs.freeSlots(agent);
      if (room <= 0) continue;
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_RESOURCE, { status: Status.PREPARING });
      agentRoom.set(agent, claimed ? room - 1 : room);
      if (claimed) await this.#resume(claimed, (definition, context) => this.#start(claimed, definition, context));
    }
    const free = new Map<string, number>();
    for (const waiting of await listWaitingForQueue(store.db, 1000)) {
      const key = `${waiting.client}/${waiting.queue}`;
      const slots = free.get(key) ?? (await this.#freeSlots(waiting.client, waiting.queue));
      if (slots <= 0) {
        free.set(key, 0);
        continue;
      }
      const claimed = await recorder.claim(waiting, Status.WAITING_FOR_QUEUE, { status: Status.PREPARING });
      free.set(key, claimed ? slots - 1 : slots);
      if (claimed) await this.#resume(claimed, (definition, context) => this.#start(claimed, definition, context));
    }
  }

  /**
   * The variables prompt inputs set: checked against the prompt sets the object lists (unknown,
   * missing required or malformed inputs answer 400 and start nothing), defaults filling the rest.
   */
  async #inputsFor(client: number, body: ObjectBody, sent: Readonly<Record<string, unknown>>, path: string): Promise<Map<string, string>> {
    const { declared, issues } = await this.#declaredInputs(client, body, path);
    return checkedInputs(declared, issues, sent, path);
  }

  /** The inputs the prompt sets of `body` declare, and an issue for each prompt set that does not exist. */
  async #declaredInputs(client: number, body: ObjectBody, path: string): Promise<{ declared: PromptInput[]; issues: ValidationIssue[] }> {
    const declared: PromptInput[] = [];
    const issues: ValidationIssue[] = [];
    for (const name of promptSetNames(body)) {
      const promptSet = await findObject(this.deps.store.db, client, name);
      if (promptSet?.type === "PRPT") declared.push(...promptInputs(promptSet.body));
      else issues.push({ code: ErrorCode.INVALID_REQUEST, path, error: `the object's prompt set '${name}' does not exist`, invalidValue: name });
    }
    return { declared, issues };
  }

  /** Keeps prompt inputs with the execution, so it starts with them even after a restart of the engine. */
  async #keepInputs(execution: Execution, inputs: ReadonlyMap<string, string>): Promise<void> {
    if (inputs.size > 0) await setExecutionVariables(this.deps.store.db, execution.client, execution.runId, { variables: Object.fromEntries(inputs), returned: {}, passed: {} });
  }

  /**
   * The zone an activation names (an IANA name or a TZ object). One that does not exist is not an
   * error: the vendor's engine and REST API do not check that a time zone object exists, so clients
   * send names of TZ objects this client does not have. The default zone (UTC) applies then, the
   * zone of a start that names none (docs/decisions.md, "Vendor wire behaviour").
   */
  async #timeZone(client: number, name: string): Promise<string> {
    try {
      return await resolveTimeZone(this.deps.store.db, client, name);
    } catch {
      return DEFAULT_TIME_ZONE;
    }
  }

  /**
   * A start may name the queue it runs in: CLIENT_QUEUE, which every client has, or a QUEUE object of
   * the client. Any other name answers 400 naming it, before anything is created: an execution "in" a
   * queue that does not exist would escape every queue's slot limit.
   */
  async #requireQueue(client: number, queue: string, path = "queue"): Promise<void> {
    if (queue === CLIENT_QUEUE) return;
    const object = await findObject(this.deps.store.db, client, queue);
    if (object?.type !== "QUEUE") {
      throw invalid(ErrorCode.INVALID_REQUEST, path, object === undefined ? `queue '${queue}' does not exist in client ${client}` : `'${queue}' is a ${object.type} object, not a queue`, queue);
    }
  }

  /** Slots left in a queue: QUEUE objects limit with `queue_attributes.max_slots`; other queues are unlimited. */
  async #freeSlots(client: number, queue: string, exceptRunId?: number): Promise<number> {
    const object = await findObject(this.deps.store.db, client, queue);
    const limit = object?.type === "QUEUE" ? queueSlots(object.body) : undefined;
    if (limit === undefined) return Number.POSITIVE_INFINITY;
    return limit - (await countQueueSlotsInUse(this.deps.store.db, client, queue, exceptRunId));
  }

  async #definitionOf(execution: Execution): Promise<ObjectBody> {
    return JSON.parse((await findExecutionDefinition(this.deps.store.db, execution.client, execution.runId)) ?? "{}");
  }

  /** The context an execution was activated with, or one rebuilt from the database after a restart. */
  async #contextOf(execution: Execution): Promise<ActivationContext> {
    const kept = this.#contexts.get(execution.runId);
    this.#contexts.delete(execution.runId);
    if (kept) return kept;
    const principal = await loadPrincipal(this.deps.store, execution.client, execution.user);
    const passed = execution.parent === null ? [] : (await listPassedValues(this.deps.store.db, execution.client, execution.parent)).flatMap((v) => Object.entries(v));
    // Prompt inputs were kept as the execution's variables when it was created; those of a recurring
    // start, with its period container, before the container planned its first activation.
    const owner = execution.parent !== null && execution.activatorObjectType === "PERIOD" ? execution.parent : execution.runId;
    const inputs = Object.entries(await findExecutionVariables(this.deps.store.db, execution.client, owner));
    return { principal, depth: 0, activator: this, inherited: new Map([...passed, ...inputs]) };
  }

  /**
   * Starts an execution a round has claimed, with its definition and its activating user's rights
   * as they are now. When either is gone (the object or the user was deleted while it waited), that
   * execution ends FAULT_OTHER and the round goes on with the others.
   */
  #resume(execution: Execution, start: (definition: ObjectBody, context: ActivationContext) => Promise<void> | void): Promise<void> {
    return this.#background.run(execution, async () => start(await this.#definitionOf(execution), await this.#contextOf(execution)));
  }

  #start(execution: Execution, body: ObjectBody, context: ActivationContext): void {
    if (execution.objectType === "JSCH") void this.#background.run(execution, () => this.#schedules.start(execution, body, context));
    else if (execution.objectType === "SCRI") void this.deps.scripts.start(execution, body, context);
    else if (execution.objectType === "JOBF") void this.deps.transfers.start(execution, body);
    else if (execution.objectType === "EVNT") void this.#background.run(execution, () => this.deps.events.start(execution, body));
    else if (execution.objectType === "CALL") void this.#background.run(execution, () => this.deps.notifications.start(execution, body));
    else if (execution.objectType === "JOBP") void this.#background.run(execution, () => this.deps.workflows.start(execution, context));
    else void this.#background.run(execution, () => this.#startJob(execution, body, context));
  }

  /** A job runs on its agent, or, when that is an agent group in mode X, once on every member. */
  async #startJob(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    if (await this.#groups.runsOnAllMembers(execution.client, body)) await this.#groups.start(execution, body, context);
    else await this.deps.jobs.start(execution, body, context);
  }
}


/**
 * Checks inputs against the declared ones (see resolveInputs): the variables they set, or a
 * ValidationError with every issue, those found before (`issues`) first.
 */
function checkedInputs(declared: readonly PromptInput[], issues: readonly ValidationIssue[], sent: Readonly<Record<string, unknown>>, path: string): Map<string, string> {
  const resolved = resolveInputs(declared, sent, path);
  if (issues.length + resolved.issues.length > 0) throw new ValidationError([...issues, ...resolved.issues]);
  return resolved.variables;
}

/** Where a restart begins: a `:RESTART` point of a job's or script's process page, or a workflow's line. */
type RestartFrom = { kind: "page"; point: string } | { kind: "line"; line: number; definition: WorkflowDefinition };

/**
 * The restart point of a restart, checked against the definition the restart runs: a job (JOBS)
 * or script (SCRI) names one of its process page's `:RESTART` points (any letter case), a workflow
 * the line number of one of its tasks. Anything else answers 400 naming restart.restart_point.
 */
function restartPointOf(execution: Execution, body: ObjectBody, sent: string): RestartFrom {
  const path = "restart.restart_point";
  if (execution.objectType === "JOBP") {
    let definition: WorkflowDefinition;
    try {
      definition = readWorkflow(body);
    } catch (error) {
      throw invalid(ErrorCode.INVALID_REQUEST, path, `workflow '${execution.name}' cannot run: ${error instanceof Error ? error.message : String(error)}`, sent);
    }
    const line = /^\d+$/.test(sent) ? Number(sent) : Number.NaN;
    const lines = [...definition.tasks.keys()].filter((l) => l !== definition.startLine && l !== definition.endLine).sort((a, b) => a - b);
    if (!lines.includes(line)) {
      throw invalid(ErrorCode.INVALID_REQUEST, path, `workflow '${execution.name}' has no task in line '${sent}'; a workflow restarts from the line number of one of its tasks (${lines.join(", ") || "it has none"})`, sent);
    }
    return { kind: "line", line, definition };
  }
  const points = restartPoints(execution.objectType, body);
  const point = sent.toUpperCase();
  if (!points.includes(point)) {
    const known = points.length === 0 ? "it has no :RESTART point" : `its restart points: ${points.join(", ")}`;
    throw invalid(ErrorCode.INVALID_REQUEST, path, `${execution.objectType} '${execution.name}' has no restart point '${sent}' (${known})`, sent);
  }
  return { kind: "page", point };
}

function transition(details: string): BadRequestError {
  return new BadRequestError(ErrorCode.INVALID_TRANSITION, "Status change not possible.", details);
}
