import type { ObjectBody } from "@baton/contract";
import { DateTime } from "luxon";
import { calendarIncludes } from "../domain/calendar";
import { readTransfer } from "../domain/file-transfer";
import { jobTarget } from "../domain/job-script";
import { nextStart, readSchedule } from "../domain/schedule";
import { readWorkflow } from "../domain/workflow";
import { UNKNOWN_TASK_SECONDS } from "../domain/workflow-ert";
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
}

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
 * the `days` days from `start` that its calendars allow.
 */
export async function planObject(sources: PlanSources, name: string, start: number, days = 1): Promise<PlannedEntry[]> {
  const entries: PlannedEntry[] = [];
  await planInto(sources, entries, { name: name.toUpperCase(), key: "1", notBefore: start, predecessors: [], days, path: [] });
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
}

async function planInto(sources: PlanSources, entries: PlannedEntry[], at: Placement): Promise<void> {
  if (entries.length >= MAX_PLANNED_TASKS) throw new NotForecastable(`a run of '${entries[0]?.name ?? at.name}' would hold more than ${MAX_PLANNED_TASKS} tasks`);
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
  for (const task of workflow.tasks.values()) {
    const predecessors = (workflow.predecessors.get(task.line) ?? []).map((p) => keyOf(p.line));
    const marker = task.line === workflow.startLine || task.line === workflow.endLine;
    if (marker || !task.active) {
      entries.push({ key: keyOf(task.line), parentKey: at.key, predecessors, notBefore: at.notBefore, name: task.objectName, type: task.objectType, ertSeconds: 0, container: false, hidden: marker, containerType: "JOBP" });
      continue;
    }
    await planInto(sources, entries, { name: task.objectName, key: keyOf(task.line), parentKey: at.key, predecessors, notBefore: at.notBefore, containerType: "JOBP", days: at.days, path: [...at.path, at.name] });
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
      await planInto(sources, entries, { name: task.objectName, key: `${at.key}/${slot}`, parentKey: at.key, predecessors: [], notBefore: startAt, containerType: "JSCH", days: 1, path: [...at.path, at.name] });
    }
  }
}
