import { type InExecutionBody, isFinalStatus, type ObjectBody, Status } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { loadPrincipal } from "../auth/principal-loader";
import { calendarEventDays, type LocalDate } from "../domain/calendar";
import type { Execution } from "../domain/execution";
import { nextOccurrence, storedRecurrence, type Recurrence } from "../domain/recurrence";
import { findExecutionCallback, setExecutionCallback } from "../store/callbacks-store";
import type { Store } from "../store/connect";
import { findExecution, listChildren } from "../store/executions-store";
import { findRecurringRule, setRecurring } from "../store/period-containers-store";
import { setExecutionVariables } from "../store/execution-variables-store";
import { findObject } from "../store/objects-store";
import type { Launcher } from "../executions/launcher";
import type { Clock } from "./clock";
import { PERIOD_CONTAINER, RUNNABLE_TYPES, callbackSpec, objectDetails } from "../executions/execution-details";
import { makeSlot } from "./container-slots";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";

/**
 * Runs recurring executions: a period container activates the object by its rule; each activation
 * is a child waiting 1698 until its time, so the plan lives in the database.
 */
export class PeriodRunner {
  constructor(
    private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; scheduler: { poke(): void } },
    private readonly launcher: Launcher,
  ) {}

  /**
   * executionOption recurring: a period container (type Period Container) that activates the
   * object by its rule, each activation a child waiting 1698 until its time. The container keeps the
   * start's prompt inputs (`inputs`, checked) before it plans any activation: each starts with them.
   */
  async start(principal: Principal, name: string, objectType: string, body: ObjectBody, request: InExecutionBody, rule: Recurrence, inputs: ReadonlyMap<string, string>): Promise<Execution> {
    const { store, clock, recorder } = this.deps;
    const created = await this.launcher.create(principal, PERIOD_CONTAINER, name, body, { ...objectDetails(body), queue: request.queue, alias: request.alias, title: request.recurring?.periodDescription, repeatsType: objectType });
    if (inputs.size > 0) await setExecutionVariables(store.db, principal.client, created.runId, { variables: Object.fromEntries(inputs), returned: {}, passed: {} });
    await setRecurring(store.db, principal.client, created.runId, JSON.stringify({ ...request.recurring, timezone: rule.timezone, objectType }));
    if (request.callback) await setExecutionCallback(store.db, principal.client, created.runId, callbackSpec(request.callback));
    const container = await recorder.change(created, { status: Status.ACTIVE, startTime: clock.now() });
    // Planned from the start itself: an interval rule's first activation is at the start.
    if (!(await this.#planSlot(container, rule, container.startTime ?? clock.now()))) await this.afterEnd(container.client, container.runId);
    return container;
  }

  /**
   * Plans a period container's next activation at or after `from`, unless one is planned already
   * (so that doing it again after a restart plans nothing twice); false when its period is over.
   */
  async #planSlot(container: Execution, rule: Recurrence, from: number): Promise<boolean> {
    const { store } = this.deps;
    const children = await listChildren(store.db, container.client, container.runId);
    if (children.some((c) => c.status === Status.WAITING_FOR_START_TIME)) return true;
    if (rule.endAfterExecutions !== undefined && occurrences(children) >= rule.endAfterExecutions) return false;
    const recurring = await findRecurringRule(store.db, container.client, container.runId);
    const eventDays: ((date: LocalDate) => boolean)[] = [];
    for (const { calendar, event } of rule.calendars?.entries ?? []) {
      const object = await findObject(store.db, container.client, calendar);
      eventDays.push(object?.type === "CALE" ? calendarEventDays(object.body, event) : () => false);
    }
    const allows = (date: LocalDate) => {
      const hits = eventDays.map((includes) => includes(date));
      const match = rule.calendars?.match ?? "one";
      return match === "all" ? hits.every(Boolean) : match === "none" ? !hits.some(Boolean) : hits.some(Boolean);
    };
    const dueAt = nextOccurrence(rule, from, container.startTime ?? from, allows);
    if (dueAt === undefined) return false;
    const body = await this.launcher.definitionOf(container);
    const principal = await loadPrincipal(store, container.client, container.user);
    const objectType = recurring?.rule.objectType ?? "JOBS";
    const slot = await makeSlot(this.deps, container, () =>
      this.launcher.create(principal, objectType, container.name, body, { ...objectDetails(body), queue: container.queue, parent: container.runId, activatorObjectType: "PERIOD", status: Status.WAITING_FOR_START_TIME, dueAt }),
    );
    if (slot === "planned already") return true;
    if (slot === "container ended") return false;
    // recurringMode each: every activation calls back too, besides the container at its end.
    const callback = await findExecutionCallback(store.db, container.client, container.runId);
    if (callback?.recurringMode === "each") await setExecutionCallback(store.db, container.client, slot.runId, callback);
    this.deps.scheduler.poke();
    return true;
  }

  /**
   * A period slot whose time has come (claimed): skipped when an earlier activation is still
   * active and overlap is not allowed, else started with the object's current definition; then
   * the next activation is planned (for executeAfter: when this one ends).
   */
  async slotDue(slot: Execution): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const container = slot.parent === null ? undefined : await findExecution(store.db, slot.client, slot.parent);
    const recurring = container && (await findRecurringRule(store.db, slot.client, container.runId));
    const settle = async (status: number, why: string) => {
      const act = new ReportWriter(store, clock, slot.client, slot.runId, "ACT");
      act.line(`U00011417 ${why}`);
      await act.end();
      await recorder.change(slot, { status, endTime: clock.now() });
    };
    if (container === undefined || recurring === undefined || isFinalStatus(container.status)) return settle(Status.ENDED_CANCEL, "The recurring execution has ended: no activation.");
    const rule = storedRecurrence(recurring.rule, recurring.rule.timezone);
    const active = (await listChildren(store.db, slot.client, container.runId)).filter((c) => c.runId !== slot.runId && !isFinalStatus(c.status) && c.status !== Status.WAITING_FOR_START_TIME).length;
    const now = clock.now();
    if (active >= (rule.allowOneOverlap ? 2 : 1)) {
      await settle(Status.ENDED_SKIPPED, "The previous activation is still active and overlapping is not allowed: skipped.");
    } else {
      const object = await findObject(store.db, slot.client, container.name);
      if (object === undefined || !RUNNABLE_TYPES.has(object.type)) await settle(Status.FAULT_OTHER, `Object '${container.name}' does not exist or cannot be executed.`);
      else await this.launcher.dispatch(slot, object.body, await this.launcher.contextOf(slot));
    }
    // Missed activations run once, not each: the next one is planned from now.
    if (rule.mode.kind !== "after" && !(await this.#planSlot(container, rule, Math.max(now, (slot.dueAt ?? now) + 1)))) await this.afterEnd(slot.client, container.runId);
  }

  /**
   * After an activation ended: plans the next one (for an executeAfter rule; for the others only
   * when none is planned, as when the engine stopped between taking an activation and planning the
   * next), and ends the container once its period is over and nothing is active.
   */
  async afterEnd(client: number, containerRunId: number): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const container = await findExecution(store.db, client, containerRunId);
    const recurring = await findRecurringRule(store.db, client, containerRunId);
    if (container === undefined || recurring === undefined || isFinalStatus(container.status)) return;
    const children = await listChildren(store.db, client, containerRunId);
    if (children.some((c) => !isFinalStatus(c.status))) return;
    const rule = storedRecurrence(recurring.rule, recurring.rule.timezone);
    const from =
      rule.mode.kind === "after"
        ? children.length === 0
          ? clock.now()
          : Math.max(...children.map((c) => c.endTime ?? 0), container.startTime ?? 0) + rule.mode.ms
        : Math.max(...children.map((c) => (c.dueAt ?? 0) + 1), container.startTime ?? 0);
    if (await this.#planSlot(container, rule, Math.max(from, clock.now()))) return;
    await recorder.change(container, { status: Status.ENDED_OK, endTime: clock.now() });
  }

  /** A period container's rule as requested, its activation count and its next planned activation. */
  async describe(client: number, runId: number): Promise<{ rule: Record<string, unknown>; occurCount: number; nextCheck: number | undefined } | undefined> {
    const stored = await findRecurringRule(this.deps.store.db, client, runId);
    if (stored === undefined) return undefined;
    const { objectType: _objectType, timezone: _timezone, ...rule } = stored.rule;
    const children = await listChildren(this.deps.store.db, client, runId);
    const waiting = children.filter((c) => c.status === Status.WAITING_FOR_START_TIME && c.dueAt !== null);
    const nextCheck = waiting.length === 0 ? undefined : Math.min(...waiting.map((c) => c.dueAt ?? Number.POSITIVE_INFINITY));
    return { rule, occurCount: occurrences(children), nextCheck };
  }
}

/**
 * The activations a container has made: its children that were taken when due, except those
 * skipped for overlapping or cancelled with the container. Counted from the children, so that an
 * activation taken again after a restart is not counted twice.
 */
function occurrences(children: readonly Execution[]): number {
  return children.filter((c) => c.status !== Status.WAITING_FOR_START_TIME && c.status !== Status.ENDED_SKIPPED && c.status !== Status.ENDED_CANCEL).length;
}
