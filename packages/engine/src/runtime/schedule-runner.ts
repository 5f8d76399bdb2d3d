import { Status, isFinalStatus, type ObjectBody } from "@baton/contract";
import { DateTime } from "luxon";
import type { Principal } from "../auth/authenticator";
import { calendarIncludes } from "../domain/calendar";
import type { Execution } from "../domain/execution";
import { nextStart, readSchedule, type ScheduleDefinition, type ScheduleTask } from "../domain/schedule";
import type { Store } from "../store/connect";
import { findExecution, listChildren } from "../store/executions-store";
import { setExecutionVariables } from "../store/execution-variables-store";
import { promptInputs, promptSetNames, resolveInputs, type PromptInput } from "../domain/prompt-sets";
import { LOGICAL_DATE_VARIABLE } from "../domain/job-script";
import { wireTime } from "../domain/wire-time";
import { findObject } from "../store/objects-store";
import type { ActivationContext, Launcher } from "../executions/launcher";
import type { Clock } from "./clock";
import { RUNNABLE_TYPES, objectDetails } from "../executions/execution-details";
import { makeSlot } from "./container-slots";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";
import { resolveTimeZone } from "./time-zones";


/**
 * Runs schedules (JSCH): each task's next start is a child waiting 1698 until its time; when it
 * comes, the slot is decided (calendar, overlap, catch-up) and the next one planned.
 */
export class ScheduleRunner {
  constructor(
    private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; scheduler: { poke(): void } },
    private readonly launcher: Launcher,
  ) {}

  /** A schedule becomes active and plans the first slot of each task; it runs until cancelled. */
  async start(schedule: Execution, body: ObjectBody, context: ActivationContext): Promise<void> {
    const { clock, recorder, store } = this.deps;
    const act = new ReportWriter(store, clock, schedule.client, schedule.runId, "ACT");
    act.line(`U00011409 Schedule '${schedule.name}' activated with RunID '${schedule.runId}' by ${schedule.user}.`);
    let definition: ScheduleDefinition;
    try {
      definition = await this.#read(schedule.client, body);
    } catch (error) {
      act.line(`U00011414 The schedule cannot run: ${error instanceof Error ? error.message : String(error)}.`);
      await act.end();
      await recorder.change(schedule, { status: Status.FAULT_OTHER, endTime: clock.now() });
      return;
    }
    await act.end();
    await recorder.change(schedule, { status: Status.ACTIVE, startTime: clock.now() });
    for (const task of definition.tasks) await this.#planSlot(context.principal, schedule, definition, task, clock.now());
  }

  /**
   * After a restart or a takeover: plans the next slot of each task that has none waiting, as when
   * the engine stopped between taking a slot and planning the one after it.
   */
  async replan(schedule: Execution, principal: Principal): Promise<void> {
    let definition: ScheduleDefinition;
    try {
      definition = await this.#read(schedule.client, await this.launcher.definitionOf(schedule));
    } catch {
      return;
    }
    for (const task of definition.tasks) await this.#planSlot(principal, schedule, definition, task, this.deps.clock.now());
  }

  /** A schedule's definition with its time zone resolved (a TZ object's name becomes its zone). */
  async #read(client: number, body: ObjectBody): Promise<ScheduleDefinition> {
    const definition = readSchedule(body);
    return { ...definition, timezone: await resolveTimeZone(this.deps.store.db, client, definition.timezone) };
  }

  /**
   * Creates the next slot of a schedule task: a child waiting 1698 until the task's next start
   * time, unless the task has one waiting already (so that doing it again after a restart plans
   * nothing twice).
   */
  async #planSlot(principal: Principal, schedule: Execution, definition: ScheduleDefinition, task: ScheduleTask, after: number): Promise<void> {
    const children = await listChildren(this.deps.store.db, schedule.client, schedule.runId);
    if (children.some((c) => c.lineNumber === task.line && c.status === Status.WAITING_FOR_START_TIME)) return;
    const { dueAt } = nextStart(task.hour, task.minute, definition.timezone, after, task.second);
    const object = await findObject(this.deps.store.db, principal.client, task.objectName);
    const body: ObjectBody = object?.body ?? { general_attributes: { name: task.objectName } };
    const slot = await makeSlot(this.deps, schedule, () =>
      this.launcher.create(principal, object?.type ?? "JOBS", task.objectName, body, {
        ...objectDetails(body),
        parent: schedule.runId,
        lineNumber: task.line,
        activatorObjectType: "JSCH",
        status: Status.WAITING_FOR_START_TIME,
        dueAt,
      }),
    );
    if (typeof slot !== "string") this.deps.scheduler.poke();
  }

  /**
   * A schedule slot whose time has come (already claimed): plans the task's next slot, then starts
   * the task with its object's current definition, unless the day's calendar, the task's
   * definition, a missed start or a run still active says otherwise (each with its status).
   */
  async slotDue(slot: Execution): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const schedule = slot.parent === null ? undefined : await findExecution(store.db, slot.client, slot.parent);
    const settle = async (status: number, why: string) => {
      const act = new ReportWriter(store, clock, slot.client, slot.runId, "ACT");
      act.line(`U00011417 ${why}`);
      await act.end();
      await recorder.change(slot, { status, endTime: clock.now() });
    };
    if (schedule === undefined || isFinalStatus(schedule.status)) return settle(Status.ENDED_CANCEL, "The schedule has ended: the task does not start.");
    let definition: ScheduleDefinition;
    try {
      definition = await this.#read(schedule.client, await this.launcher.definitionOf(schedule));
    } catch (error) {
      return settle(Status.FAULT_OTHER, `The schedule cannot run: ${error instanceof Error ? error.message : String(error)}.`);
    }
    const task = definition.tasks.find((t) => t.line === slot.lineNumber);
    if (task === undefined) return settle(Status.ENDED_INACTIVE_BY_DEFINITION, "The task is no longer in the schedule.");
    const context = await this.launcher.contextOf(slot);
    const now = clock.now();
    // Planned from now, not from the missed time: slots missed during downtime run once, not each.
    await this.#planSlot(context.principal, schedule, definition, task, Math.max(now, slot.dueAt ?? now));
    const due = slot.dueAt ?? now;
    const date = DateTime.fromMillis(due, { zone: definition.timezone });
    if (!task.active) return settle(Status.ENDED_INACTIVE_BY_DEFINITION, "The task is set inactive in the schedule.");
    if (definition.catchUp === "skip" && now - due > definition.catchUpToleranceMs) {
      return settle(Status.ENDED_START_TIME_EXCEEDED, `The start time ${new Date(due).toISOString()} was missed while the engine was down; catch_up is skip.`);
    }
    if (task.calendar !== undefined) {
      const calendar = await findObject(store.db, slot.client, task.calendar.name);
      if (calendar?.type !== "CALE" || !calendarIncludes(calendar.body, task.calendar.event, { year: date.year, month: date.month, day: date.day })) {
        return settle(Status.ENDED_INACTIVE_BY_CALENDAR, `${date.toISODate()} is not in ${task.calendar.name}/${task.calendar.event}: inactive today.`);
      }
    }
    const running = (await listChildren(store.db, slot.client, schedule.runId)).some((c) => c.lineNumber === slot.lineNumber && c.runId !== slot.runId && !isFinalStatus(c.status) && c.status !== Status.WAITING_FOR_START_TIME);
    if (running) return settle(Status.FAULT_ALREADY_RUNNING, "The task's previous run is still active: it is not started twice.");
    const object = await findObject(store.db, slot.client, task.objectName);
    if (object === undefined || !RUNNABLE_TYPES.has(object.type)) return settle(Status.FAULT_OTHER, `Object '${task.objectName}' does not exist or cannot be executed.`);
    // A schedule passes no inputs: the task runs with its prompt sets' defaults, as a start without
    // inputs does; one a start without inputs would refuse (a required input, a missing prompt set) cannot start.
    const declared: PromptInput[] = [];
    for (const name of promptSetNames(object.body)) {
      const promptSet = await findObject(store.db, slot.client, name);
      if (promptSet?.type !== "PRPT") return settle(Status.FAULT_OTHER, `The task's prompt set '${name}' does not exist: the task cannot start.`);
      declared.push(...promptInputs(promptSet.body));
    }
    const inputs = resolveInputs(declared, {}, "inputs");
    if (inputs.issues.length > 0) return settle(Status.FAULT_OTHER, `The task's inputs are not complete without values: ${inputs.issues.map((i) => `${i.path}: ${i.error}`).join("; ")}.`);
    // A schedule task's logical date is the time it was planned for (SYS_LDATE), not when it started.
    const logical = new Map([[LOGICAL_DATE_VARIABLE, wireTime(due)], ...inputs.variables]);
    await setExecutionVariables(store.db, slot.client, slot.runId, { variables: Object.fromEntries(logical), returned: {}, passed: {} });
    await this.launcher.dispatch(slot, object.body, { ...context, inherited: new Map([...context.inherited, ...logical]) });
  }
}
