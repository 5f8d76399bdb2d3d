import { Status, isFinalStatus } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import { nextStep, readWorkflow, taskStateOf, type TaskState, type WorkflowDefinition } from "../domain/workflow";
import type { Store } from "../store/connect";
import { findExecution, requireExecutionBody, listChildStates } from "../store/executions-store";
import { listPassedValues } from "../store/execution-variables-store";
import type { ActivationContext } from "../executions/launcher";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";

export interface WorkflowRunnerDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  logger: Logger;
}

/** Tasks a step starts side by side; a workflow of thousands of parallel tasks starts them in slices. */
const TASK_STARTS_AT_ONCE = 32;

/**
 * Runs JOBP executions. The state of a workflow is its children in the database (the latest
 * execution per line), so every step is derived from what is stored: after a restart the runner
 * picks up where the tasks are. Steps of one workflow never overlap.
 */
export class WorkflowRunner {
  readonly #contexts = new Map<number, ActivationContext>();
  /** Each workflow's definition as read at its first step: it is stored once at activation and never changes. */
  readonly #definitions = new Map<number, WorkflowDefinition>();
  readonly #queues = new Map<number, Promise<void>>();
  /** Workflows with a step queued that has not begun: one more request changes nothing. */
  readonly #pending = new Set<number>();
  /** Workflows whose tasks this runner has activated (or found activated) since it took them up. */
  readonly #activated = new Set<number>();

  constructor(private readonly deps: WorkflowRunnerDeps) {}

  /**
   * A task's end may move its workflow on, and so may a restart of an ended task (it unblocks the
   * workflow). Other changes of a task (it was created, it started) move nothing.
   */
  afterTaskChange(task: Execution): void {
    const parent = task.parent;
    const movesOn = isFinalStatus(task.status) || task.restartCount > 0;
    if (parent !== null && movesOn && this.#contexts.has(parent)) void this.advance(task.client, parent);
  }

  /** Starts a workflow: it becomes active and its first tasks start. */
  async start(execution: Execution, context: ActivationContext): Promise<void> {
    this.#contexts.set(execution.runId, context);
    const act = new ReportWriter(this.deps.store, this.deps.clock, execution.client, execution.runId, "ACT");
    act.line(`U00011409 Workflow '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    await act.end();
    // Only from Preparing: a workflow cancelled meanwhile has ended and must not start.
    if ((await this.deps.recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: this.deps.clock.now() })) === undefined) return;
    await this.advance(execution.client, execution.runId);
  }

  /** Takes a workflow left active by a previous run of the engine under its care again. */
  resume(execution: Execution, context: ActivationContext): Promise<void> {
    this.#contexts.set(execution.runId, context);
    return this.advance(execution.client, execution.runId);
  }

  /** Works out and applies the next step of a workflow; queued per workflow. */
  advance(client: number, runId: number): Promise<void> {
    const previous = this.#queues.get(runId) ?? Promise.resolve();
    // A step reads every task's state when it begins, so one queued step covers all requests until then.
    if (this.#pending.has(runId)) return previous;
    this.#pending.add(runId);
    const next = previous
      .then(() => {
        this.#pending.delete(runId);
        return this.#advance(client, runId);
      })
      .catch((error: unknown) => this.deps.logger.error({ err: error, runId }, "workflow step failed"));
    this.#queues.set(runId, next);
    void next.finally(() => {
      if (this.#queues.get(runId) === next) this.#queues.delete(runId);
    });
    return next;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#queues.values()]);
  }

  async #advance(client: number, runId: number): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const workflow = await findExecution(store.db, client, runId);
    const context = this.#contexts.get(runId);
    if (workflow === undefined || context === undefined || isFinalStatus(workflow.status)) {
      this.#forget(runId);
      return;
    }
    let definition = this.#definitions.get(runId);
    if (definition === undefined) {
      const body = await requireExecutionBody(store.db, client, runId);
      try {
        definition = readWorkflow(body);
      } catch (error) {
        const act = new ReportWriter(store, clock, client, runId, "ACT");
        act.line(`U00011414 The workflow cannot run: ${error instanceof Error ? error.message : String(error)}.`);
        await act.end();
        await recorder.change(workflow, { status: Status.FAULT_OTHER, endTime: clock.now() });
        this.#forget(runId);
        return;
      }
      this.#definitions.set(runId, definition);
    }
    // Its tasks are activated with it, each waiting for its predecessors; after a restart of the
    // engine only those that have no execution yet are (a step reads the others from the database).
    if (!this.#activated.has(runId)) {
      const lines = new Set((await this.#taskStates(client, runId)).lines);
      await context.launcher.activateTasks(context.principal, workflow, definition, lines);
      this.#activated.add(runId);
    }

    // Settled tasks can enable further ones at once: repeat until none is settled.
    for (;;) {
      const { states, waiting } = await this.#taskStates(client, runId);
      const step = nextStep(definition, states);
      for (const { line, status } of step.settle) {
        const task = definition.tasks.get(line);
        if (task) await context.launcher.settleTask(context.principal, workflow, line, task.objectName, task.objectType, status, waiting.get(line));
      }
      if (step.start.length > 0) {
        // Tasks start with what the workflow inherited and what its earlier tasks passed to it
        // (:PSET), later values winning.
        const passed = (await listPassedValues(store.db, client, runId)).flatMap((values) => Object.entries(values));
        const inherited = new Map([...context.inherited, ...passed]);
        // The step activates its tasks at one moment, and starts them side by side a slice at a
        // time, so their writes share commits (store/commit-groups.ts). Sharing the step's time
        // keeps the lists' order (activation time, then RunID) the order of RunIDs however their
        // inserts interleave.
        const task = { principal: context.principal, workflow, depth: context.depth + 1, inherited, activatedAt: clock.now() };
        for (let i = 0; i < step.start.length; i += TASK_STARTS_AT_ONCE) {
          const slice = step.start.slice(i, i + TASK_STARTS_AT_ONCE).flatMap((line) => {
            const objectName = definition.tasks.get(line)?.objectName;
            return objectName === undefined ? [] : [context.launcher.startTask({ ...task, line, objectName, waiting: waiting.get(line) })];
          });
          // Every start of the slice settles before the step goes on or fails, so steps never overlap.
          const failed = (await Promise.allSettled(slice)).find((result) => result.status === "rejected");
          if (failed !== undefined) throw failed.reason;
        }
      }
      if (step.finished) {
        // Lines <END> did not wait for, not reached by then, will not run.
        await context.launcher.endWaitingTasks(workflow, Status.ENDED_SKIPPED);
        await recorder.change(workflow, { status: Status.ENDED_OK, endTime: clock.now() });
        this.#forget(runId);
        return;
      }
      // Only settled tasks enable others at once; started ones do when they end, and their ends
      // ask for the next step.
      if (step.settle.length === 0) {
        const status = step.blocked.length > 0 ? Status.BLOCKED : Status.ACTIVE;
        if (workflow.status !== status) await recorder.change(workflow, { status });
        return;
      }
    }
  }

  #forget(runId: number): void {
    this.#contexts.delete(runId);
    this.#definitions.delete(runId);
    this.#activated.delete(runId);
  }

  /**
   * The state of each task from its latest execution (tasks still waiting for their predecessors
   * have none), the RunIDs of those waiting by line, and every line that has an execution.
   */
  async #taskStates(client: number, runId: number): Promise<{ states: Map<number, TaskState>; waiting: Map<number, number>; lines: number[] }> {
    const states = new Map<number, TaskState>();
    const waiting = new Map<number, number>();
    const lines: number[] = [];
    for (const child of await listChildStates(this.deps.store.db, client, runId)) {
      if (child.lineNumber === null) continue;
      lines.push(child.lineNumber);
      // Children come oldest first: a restart's state replaces the one it restarted.
      const state = taskStateOf(child.status);
      if (state === undefined) waiting.set(child.lineNumber, child.runId);
      else {
        states.set(child.lineNumber, state);
        waiting.delete(child.lineNumber);
      }
    }
    return { states, waiting, lines };
  }
}
