import { Status, type ObjectBody } from "@baton/contract";
import { DateTime } from "luxon";
import { calendarIncludes } from "../domain/calendar";
import { readTransfer } from "../domain/file-transfer";
import { jobTarget } from "../domain/job-script";
import { nextStart, readSchedule } from "../domain/schedule";
import { nextStep, readWorkflow, type TaskState } from "../domain/workflow";
import { UNKNOWN_TASK_SECONDS } from "../domain/workflow-ert";
import { RUNNABLE_TYPES } from "../executions/execution-details";
import type { PlannedTask } from "./simulate";

/** Deepest nesting of workflows a forecast follows (as for activations). */
const MAX_DEPTH = 16;
/**
 * Most tasks one activation is planned with: nested workflows multiply (five levels of 20 lines
 * are 3.2 million tasks), and a plan must not hold the process's memory or time.
 */
export const MAX_PLANNED_TASKS = 10_000;

/** A planned task with what a forecast entry shows of it. */
export interface PlannedEntry extends PlannedTask {
  name: string;
  type: string;
  /** For tasks inside a workflow or schedule: the container's type. */
  containerType?: string | undefined;
  platform?: string | undefined;
  login?: string | undefined;
  /** <START> and <END> of workflows: placed but not shown. */
  hidden?: boolean;
  /** The status of its execution, for a task that has one (execution plans). */
  status?: number | undefined;
}

/**
 * Plans a line of the workflow being planned (not of the workflows nested in it) otherwise than
 * from its object, given the line as a task of no time: an execution forecast plans the lines that
 * have run from what happened. Undefined: the line is planned from its object.
 */
export type LinePlanner = (line: number, task: PlannedEntry) => Promise<PlannedEntry[] | undefined>;

/** What planning needs to know of the client: objects, runtimes, agents, calendars. */
export interface PlanSources {
  object(name: string): Promise<{ type: string; body: ObjectBody } | undefined>;
  /** The runtime a forecast assumes for the object, in seconds, if it has one. */
  ertSeconds(name: string): Promise<number | undefined>;
  /**
   * The runtime a forecast assumes for an execution of the object that exists already (running,
   * or waiting on its agent or queue), given the ERT it was activated with, if it has one.
   */
  executionErtSeconds(name: string, activatedWith: number | null): Promise<number | undefined>;
  /** The agent a job on `agent` (an agent or an agent group) would run on. */
  agentFor(agent: string): Promise<string | undefined>;
  /** The zone a schedule names (an IANA name or a TZ object); throws when it is neither. */
  timeZone(name: string): Promise<string>;
}

/** An object that cannot be forecast; the forecast ends with code 45273 and this message. */
export class NotForecastable extends Error {}

/**
 * The tasks an activation of `name` at `start` would run: a job, script or transfer is one task;
 * a workflow a container of its lines (nested workflows followed); a schedule its task slots in
 * the `days` days from `start` that its calendars allow. A task whose object is missing or does not
 * run is planned as the runner starts it: it ends at once (FAULT_OTHER), and in a workflow blocks
 * what follows unless a successor takes that end. `lines` plans lines of the workflow otherwise.
 */
export async function planObject(sources: PlanSources, name: string, start: number, days = 1, lines?: LinePlanner): Promise<PlannedEntry[]> {
  const entries: PlannedEntry[] = [];
  await planInto(sources, entries, { name: name.toUpperCase(), key: "1", notBefore: start, predecessors: [], days, path: [], lines });
  return entries;
}

interface Placement {
  name: string;
  key: string;
  notBefore: number;
  predecessors: readonly string[];
  parentKey?: string;
  containerType?: string;
  days: number;
  /** Workflows and schedules being expanded, to refuse cycles. */
  path: readonly string[];
  /** For the root: how some of its lines are planned. */
  lines?: LinePlanner | undefined;
}

async function planInto(sources: PlanSources, entries: PlannedEntry[], at: Placement): Promise<void> {
  refuseMoreThanMax(entries, at.name);
  const object = await sources.object(at.name);
  if (object === undefined) throw new NotForecastable(`object '${at.name}' does not exist`);
  if (at.path.includes(at.name) || at.path.length >= MAX_DEPTH) throw new NotForecastable(`object '${at.name}' contains itself or is nested deeper than ${MAX_DEPTH}`);
  const base = { key: at.key, parentKey: at.parentKey, predecessors: at.predecessors, notBefore: at.notBefore, name: at.name, type: object.type, containerType: at.containerType };
  switch (object.type) {
    case "JOBP":
      entries.push({ ...base, ertSeconds: 0, container: true });
      return planWorkflow(sources, entries, at, object.body);
    case "JSCH":
      entries.push({ ...base, ertSeconds: 0, container: true });
      return planSchedule(sources, entries, at, object.body);
    case "JOBS": {
      const target = jobTarget(object.body);
      entries.push({ ...base, ...(await timing(sources, at.name)), agent: await sources.agentFor(target.agent), platform: target.platform, login: target.login, queue: queueOf(object.body) });
      return;
    }
    case "JOBF":
      entries.push({ ...base, ...(await timing(sources, at.name)), agent: await sources.agentFor(readTransfer(object.body).sourceAgent), queue: queueOf(object.body) });
      return;
    case "SCRI":
    case "EVNT":
    case "CALL":
      entries.push({ ...base, ...(await timing(sources, at.name)), queue: queueOf(object.body) });
      return;
    default:
      throw new NotForecastable(`object '${at.name}' of type ${object.type} does not run`);
  }
}

async function timing(sources: PlanSources, name: string): Promise<{ ertSeconds: number; container: false }> {
  return { ertSeconds: (await sources.ertSeconds(name)) ?? UNKNOWN_TASK_SECONDS, container: false };
}

/** Refuses a plan that would hold more than MAX_PLANNED_TASKS with `adding` more entries. */
function refuseMoreThanMax(entries: readonly PlannedEntry[], name: string, adding = 1): void {
  if (entries.length + adding > MAX_PLANNED_TASKS) throw new NotForecastable(`a run of '${entries[0]?.name ?? name}' would hold more than ${MAX_PLANNED_TASKS} tasks`);
}

/** Whether a workflow or schedule starts a task of the object: it exists and is of a type that runs. */
function startable(object: { type: string } | undefined): boolean {
  return object !== undefined && RUNNABLE_TYPES.has(object.type);
}

function queueOf(body: ObjectBody): string {
  const queue = body.general_attributes["queue"];
  return typeof queue === "string" && queue !== "" ? queue : "CLIENT_QUEUE";
}

async function planWorkflow(sources: PlanSources, entries: PlannedEntry[], at: Placement, body: ObjectBody): Promise<void> {
  let workflow;
  try {
    workflow = readWorkflow(body);
  } catch (error) {
    throw new NotForecastable(`workflow '${at.name}' cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const keyOf = (line: number) => `${at.key}/${line}`;
  /** Lines whose task the runner cannot start (see planObject). */
  const refused = new Map<number, PlannedEntry>();
  for (const task of workflow.tasks.values()) {
    const predecessors = (workflow.predecessors.get(task.line) ?? []).map((p) => keyOf(p.line));
    const line: PlannedEntry = { key: keyOf(task.line), parentKey: at.key, predecessors, notBefore: at.notBefore, name: task.objectName, type: task.objectType, ertSeconds: 0, container: false, containerType: "JOBP" };
    if (task.line === workflow.startLine || task.line === workflow.endLine) {
      entries.push({ ...line, hidden: true });
      continue;
    }
    const planned = await at.lines?.(task.line, line);
    if (planned !== undefined) {
      refuseMoreThanMax(entries, at.name, planned.length);
      for (const entry of planned) entries.push(entry);
    } else if (!task.active) entries.push({ ...line, hidden: false });
    else if (!startable(await sources.object(task.objectName))) {
      refused.set(task.line, line);
      entries.push(line);
    } else await planInto(sources, entries, { name: task.objectName, key: line.key, parentKey: at.key, predecessors, notBefore: at.notBefore, containerType: "JOBP", days: at.days, path: [...at.path, at.name] });
  }
  if (refused.size === 0) return;
  // Which of those ends block the workflow, as the runner reads them.
  const failed: TaskState = { kind: "ended", status: Status.FAULT_OTHER };
  for (const line of nextStep(workflow, new Map([...refused.keys()].map((l) => [l, failed]))).blocked) {
    const entry = refused.get(line);
    if (entry !== undefined) entry.blocks = true;
  }
}

/** Each task of a schedule on each day of the period its calendar allows, at its start time in the schedule's zone. */
async function planSchedule(sources: PlanSources, entries: PlannedEntry[], at: Placement, body: ObjectBody): Promise<void> {
  let schedule;
  try {
    schedule = readSchedule(body);
  } catch (error) {
    throw new NotForecastable(`schedule '${at.name}' cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  let zone: string;
  try {
    zone = await sources.timeZone(schedule.timezone);
  } catch (error) {
    throw new NotForecastable(`schedule '${at.name}': ${error instanceof Error ? error.message : String(error)}`);
  }
  const end = DateTime.fromMillis(at.notBefore, { zone }).plus({ days: at.days }).toMillis();
  let slot = 0;
  for (const task of schedule.tasks.filter((t) => t.active)) {
    const calendar = task.calendar === undefined ? undefined : await sources.object(task.calendar.name);
    // The same start-time rules as the running schedule, daylight-saving days included.
    for (let next = nextStart(task.hour, task.minute, zone, at.notBefore - 1, task.second); next.dueAt < end; next = nextStart(task.hour, task.minute, zone, next.dueAt, task.second)) {
      const startAt = next.dueAt;
      if (task.calendar !== undefined && (calendar?.type !== "CALE" || !calendarIncludes(calendar.body, task.calendar.event, next.date))) continue;
      slot += 1;
      const key = `${at.key}/${slot}`;
      const object = await sources.object(task.objectName);
      if (startable(object)) await planInto(sources, entries, { name: task.objectName, key, parentKey: at.key, predecessors: [], notBefore: startAt, containerType: "JSCH", days: 1, path: [...at.path, at.name] });
      // The schedule ends such a slot FAULT_OTHER at its time and goes on.
      else entries.push({ key, parentKey: at.key, predecessors: [], notBefore: startAt, name: task.objectName, type: object?.type ?? "JOBS", ertSeconds: 0, container: false, containerType: "JSCH" });
    }
  }
}
