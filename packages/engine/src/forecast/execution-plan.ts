import { Status, isFinalStatus, type ObjectBody } from "@baton/contract";
import type { Execution } from "../domain/execution";
import { nextStep, readWorkflow, taskStateOf, type TaskState } from "../domain/workflow";
import { taskErtSeconds } from "../domain/workflow-ert";
import { planObject, type LinePlanner, type PlannedEntry, type PlanSources } from "./plan";

const DAY_MS = 24 * 3600 * 1000;

/** A task of a forecast; tasks that had started when the forecast was made carry their execution's status. */
export type ForecastTask = PlannedEntry;

/** The container a planned activation belongs to. */
export interface ParentRef {
  key: string;
  type: string;
}

/** What planning reads of executions: their children and the definitions they run with. */
export interface RunSources {
  /** Immediate children, oldest first. */
  children(runId: number): Promise<Execution[]>;
  definition(runId: number): Promise<ObjectBody>;
}

/** Now, and the end of the period a forecast observes (epoch ms). */
export interface PlanWindow {
  now: number;
  until: number;
}

export interface PlanContext {
  sources: PlanSources;
  runs: RunSources;
  window: PlanWindow;
}

/**
 * Puts the plan of one activation under `key`: planObject roots every plan at "1", so plans of
 * several activations are re-keyed before they are simulated together.
 */
export function rootedAt(entries: readonly PlannedEntry[], key: string, parent?: ParentRef): ForecastTask[] {
  const rekey = (k: string) => (k === "1" ? key : `${key}${k.slice(1)}`);
  return entries.map((e) => ({
    ...e,
    key: rekey(e.key),
    predecessors: e.predecessors.map(rekey),
    parentKey: e.parentKey === undefined ? parent?.key : rekey(e.parentKey),
    containerType: e.parentKey === undefined ? parent?.type : e.containerType,
  }));
}

/**
 * The tasks an activation at `start` would run, within the window: a schedule's slots before its
 * end (a slot that starts in it is forecast completely). `lines` plans lines of a workflow
 * otherwise than from their objects (planObject).
 */
export async function planActivation(
  ctx: PlanContext,
  name: string,
  start: number,
  key: string,
  parent?: ParentRef,
  definition?: { type: string; body: ObjectBody },
  lines?: LinePlanner,
): Promise<ForecastTask[]> {
  const sources = definition === undefined ? ctx.sources : withDefinition(ctx.sources, name, definition);
  const days = Math.max(1, Math.ceil((ctx.window.until - start) / DAY_MS) + 1);
  return slotsBefore(rootedAt(await planObject(sources, name, start, days, lines), key, parent), key, ctx.window.until);
}

/**
 * What an execution that has not ended will still do, as forecast tasks under `key`: one waiting
 * for its start time is planned from its definition at that time (within the window); a running
 * workflow keeps the times of its tasks that ran and plans the rest from now; an active schedule
 * plans its slots from now and keeps its running tasks; a period container its next activation
 * and running ones; anything else runs until its estimated end. Executions held for manual
 * release have no time to forecast and are left out.
 */
export async function planExecution(ctx: PlanContext, execution: Execution, key: string, parent?: ParentRef): Promise<ForecastTask[]> {
  const { now, until } = ctx.window;
  if (isFinalStatus(execution.status) || execution.status === Status.WAITING_FOR_MANUAL_RELEASE) return [];
  if (execution.startTime === null && !STARTED_WITHOUT_TIME.has(execution.objectType)) {
    const start = Math.max(now, execution.dueAt ?? now);
    if (start >= until) return [];
    return planActivation(ctx, execution.name, start, key, parent, { type: execution.objectType, body: await ctx.runs.definition(execution.runId) });
  }
  const start = execution.startTime ?? now;
  switch (execution.objectType) {
    case "JOBP":
      return planRunningWorkflow(ctx, execution, start, key, parent);
    case "JSCH": {
      const slots = await planActivation(ctx, execution.name, now, key, parent, { type: "JSCH", body: await ctx.runs.definition(execution.runId) });
      return [...asRun(slots, key, execution, start), ...(await planChildren(ctx, execution, key))];
    }
    case PERIOD_CONTAINER:
      return [
        { key, parentKey: parent?.key, containerType: parent?.type, predecessors: [], ertSeconds: 0, container: true, notBefore: start, name: execution.name, type: PERIOD_CONTAINER, status: execution.status },
        ...(await planChildren(ctx, execution, key)),
      ];
    default:
      return [await runningTask(ctx, execution, start, key, parent)];
  }
}

/** Period containers (executionOption recurring). */
const PERIOD_CONTAINER = "C_PERIOD";
/** Containers that are active without a start time of their own. */
const STARTED_WITHOUT_TIME = new Set([PERIOD_CONTAINER]);

/** A job, script, transfer or event under way: from its start until its estimated end, at least until now. */
async function runningTask(ctx: PlanContext, execution: Execution, start: number, key: string, parent?: ParentRef): Promise<ForecastTask> {
  const estimate = await ctx.sources.executionErtSeconds(execution.name, execution.estimatedRuntime);
  return {
    key,
    parentKey: parent?.key,
    containerType: parent?.type,
    predecessors: [],
    notBefore: start,
    ertSeconds: taskErtSeconds(estimate, start, ctx.window.now),
    container: false,
    name: execution.name,
    type: execution.objectType,
    agent: execution.agent ?? undefined,
    platform: execution.platform ?? undefined,
    queue: execution.queue,
    status: execution.status,
  };
}

/** The children of a schedule or period container that have not ended (running tasks, the next activation). */
async function planChildren(ctx: PlanContext, execution: Execution, key: string): Promise<ForecastTask[]> {
  const parent = { key, type: execution.objectType };
  const children = (await ctx.runs.children(execution.runId)).filter((c) => !isFinalStatus(c.status));
  // A schedule's waiting slots are in its plan already; its running tasks are not.
  const own = execution.objectType === "JSCH" ? children.filter((c) => c.status !== Status.WAITING_FOR_START_TIME) : children;
  const planned = await Promise.all(own.map((child) => planExecution(ctx, child, `${key}/r${child.runId}`, parent)));
  return planned.flat();
}

/**
 * A workflow that has started, from its execution: its definition planned from its start; tasks
 * that ran keep their times (and status), running ones last at least until now, the rest start no
 * earlier than now. What waits behind a task the workflow is blocked on starts only when an
 * operator acts: it gets no times. The workflows in it that have run are planned the same way from
 * their executions (planRanLine).
 */
async function planRunningWorkflow(ctx: PlanContext, execution: Execution, start: number, key: string, parent?: ParentRef): Promise<ForecastTask[]> {
  const latest = await latestRuns(ctx, execution);
  const lines: LinePlanner = (line, task) => planRanLine(ctx, execution, latest.get(line), task);
  const planned = await planActivation(ctx, execution.name, start, key, parent, { type: "JOBP", body: await ctx.runs.definition(execution.runId) }, lines);
  // <START>/<END> take no time and stay where the plan puts them: <START> at the workflow's start.
  // Tasks planned from their executions are as they ran.
  const notYet = (t: ForecastTask) => (t.hidden === true || t.status !== undefined ? t : { ...t, notBefore: Math.max(t.notBefore, ctx.window.now) });
  const tasks = new Map(planned.map((t) => [t.key, t.key === key ? { ...t, status: execution.status } : endedAsItEnded(notYet(t), key, execution)]));
  await keepRuns(ctx, tasks, key, execution, latest);
  return [...tasks.values()];
}

/** The latest execution of each line of a workflow: restarts make several executions of one line. */
async function latestRuns(ctx: PlanContext, workflow: Execution): Promise<Map<number, Execution>> {
  const latest = new Map<number, Execution>();
  // A task waiting for its predecessors (1700) has not run: it is planned from its object.
  for (const child of await ctx.runs.children(workflow.runId)) if (child.lineNumber !== null && child.status !== Status.WAITING_FOR_PREDECESSOR) latest.set(child.lineNumber, child);
  return latest;
}

/** Lines whose tasks are planned from their executions, not from their objects (planRanLine). */
const plannedFromRun = (run: Execution) => run.objectType === "JOBP" || (run.startTime === null && isFinalStatus(run.status));

/**
 * A line of a workflow planned from what happened rather than from its object: a task that ended
 * without starting (skipped, inactive, not run again) as it ended; a workflow from its own
 * execution, as the workflow around it; in a workflow that has ended, a line it never ran will not
 * run. Undefined for the others: planned from their objects, then kept as they ran (keepRuns).
 */
async function planRanLine(ctx: PlanContext, workflow: Execution, run: Execution | undefined, line: ForecastTask): Promise<ForecastTask[] | undefined> {
  if (run === undefined) return isFinalStatus(workflow.status) ? [{ ...line, neverRuns: true }] : undefined;
  if (!plannedFromRun(run)) return undefined;
  if (run.startTime === null && isFinalStatus(run.status)) return [{ ...line, name: run.name, type: run.objectType, notBefore: run.endTime ?? ctx.window.now, status: run.status }];
  const parent = line.parentKey === undefined ? undefined : { key: line.parentKey, type: "JOBP" };
  const nested = await planRunningWorkflow(ctx, run, run.startTime ?? Math.max(line.notBefore, ctx.window.now), line.key, parent);
  return nested.map((t) => (t.key === line.key ? { ...t, predecessors: line.predecessors } : t));
}

/**
 * A workflow that has ended ends as it did, whatever lines it did not run: its <END> marker at its
 * end, waiting for nothing.
 */
function endedAsItEnded(task: ForecastTask, key: string, workflow: Execution): ForecastTask {
  const end = task.parentKey === key && task.hidden === true && task.type === "<END>" && isFinalStatus(workflow.status);
  return end ? { ...task, notBefore: workflow.endTime ?? task.notBefore, predecessors: [] } : task;
}

/**
 * Gives the tasks of a workflow (under `key`) that have executions and were planned from their
 * objects their actual times and status; the tasks it is blocked on block what follows them.
 */
async function keepRuns(ctx: PlanContext, tasks: Map<string, ForecastTask>, key: string, workflow: Execution, latest: ReadonlyMap<number, Execution>): Promise<void> {
  const blocked = await blockedLines(ctx, workflow, latest);
  for (const [line, run] of latest) {
    const task = tasks.get(`${key}/${line}`);
    if (task === undefined) continue;
    const kept = plannedFromRun(run) ? task : ranAs(task, run, ctx.window.now, await ctx.sources.executionErtSeconds(task.name, run.estimatedRuntime));
    tasks.set(task.key, { ...kept, blocks: blocked.has(line) });
  }
}

/**
 * The lines a workflow that has not ended is blocked on, as its runner reads them (nextStep): the
 * task ended abnormally and no successor takes that end.
 */
async function blockedLines(ctx: PlanContext, workflow: Execution, latest: ReadonlyMap<number, Execution>): Promise<Set<number>> {
  if (isFinalStatus(workflow.status)) return new Set();
  const states = new Map<number, TaskState>();
  for (const [line, run] of latest) {
    const state = taskStateOf(run.status);
    if (state !== undefined) states.set(line, state);
  }
  return new Set(nextStep(readWorkflow(await ctx.runs.definition(workflow.runId)), states).blocked);
}

/**
 * A task as its execution, which has started or waits to, is: the estimate the execution has
 * (`estimate`), its actual times, running ones at least until now. Containers end with their tasks
 * and keep no runtime of their own.
 */
function ranAs(task: ForecastTask, run: Execution, now: number, estimate: number | undefined): ForecastTask {
  const actual = { ...task, status: run.status, agent: run.agent ?? task.agent, platform: run.platform ?? task.platform, queue: task.queue ?? run.queue };
  const open = (runningSince: number | null) => (task.container ? task.ertSeconds : taskErtSeconds(estimate, runningSince, now));
  if (run.startTime === null) return { ...actual, ertSeconds: open(null) };
  const seconds = run.endTime === null ? open(run.startTime) : (run.endTime - run.startTime) / 1000;
  return { ...actual, notBefore: run.startTime, ertSeconds: seconds };
}

/** The root of a plan as the execution it is: its actual start and status. */
function asRun(tasks: readonly ForecastTask[], key: string, execution: Execution, start: number): ForecastTask[] {
  return tasks.map((t) => (t.key === key ? { ...t, notBefore: start, status: execution.status } : t));
}

/** Drops the slots of schedules under `key` that start at or after `until`, with their tasks. */
function slotsBefore(tasks: readonly ForecastTask[], key: string, until: number): ForecastTask[] {
  const late = tasks.filter((t) => t.containerType === "JSCH" && t.parentKey !== undefined && (t.parentKey === key || t.parentKey.startsWith(`${key}/`)) && t.notBefore >= until).map((t) => t.key);
  if (late.length === 0) return [...tasks];
  const dropped = (k: string) => late.some((l) => k === l || k.startsWith(`${l}/`));
  return tasks.filter((t) => !dropped(t.key));
}

/** The sources with one object's definition replaced by the one an execution runs with. */
function withDefinition(sources: PlanSources, name: string, definition: { type: string; body: ObjectBody }): PlanSources {
  return {
    object: async (n) => (n === name ? definition : sources.object(n)),
    ertSeconds: (n) => sources.ertSeconds(n),
    executionErtSeconds: (n, activatedWith) => sources.executionErtSeconds(n, activatedWith),
    agentFor: (a) => sources.agentFor(a),
    timeZone: (z) => sources.timeZone(z),
  };
}
