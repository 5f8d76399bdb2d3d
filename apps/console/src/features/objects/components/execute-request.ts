import type { InExecutionBody } from "@baton/contract";
import { isApiError, type ApiProblem } from "../../../lib/api-client";
import type { ObjectInput } from "../../../lib/object-inputs";

/** How the object starts: now, once at a time, or recurring (a period container runs it by a rule). */
export type ExecuteOption = InExecutionBody["executionOption"];
/** A recurring rule's times: at a time of day, every interval from the start, or a gap after each run ends. */
export type RepeatBy = "at" | "interval" | "after";
export type DurationUnit = "M" | "H" | "D";
export type EndRule = "never" | "date" | "count";
/** Which days a recurring rule runs on: every day, chosen weekdays, or by calendars. */
export type DaysRule = "every" | "weekly" | "calendar";
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type CalendarMatch = "one" | "none" | "all";

/** The spec's recurring rules (InExecutionRecurringBody) as the form holds them. */
export interface RecurringForm {
  description: string;
  /** YYYY-MM-DD or "". */
  startDate: string;
  end: EndRule;
  endDate: string;
  endAfter: string;
  repeatBy: RepeatBy;
  /** HH:MM. */
  at: string;
  every: string;
  unit: DurationUnit;
  allowOneOverlap: boolean;
  /** HH:MM or "" for no window. */
  betweenStart: string;
  betweenEnd: string;
  adjustStartTime: boolean;
  days: DaysRule;
  weekdays: Weekday[];
  calendarMatch: CalendarMatch;
  calendars: { calendar: string; event: string }[];
}

export interface ExecuteForm {
  option: ExecuteOption;
  queue: string;
  alias: string;
  timezone: string;
  /** Input name → value as typed; an input not typed in keeps its default. */
  inputs: Record<string, string>;
  /** Once at a time: the moment (the API's UTC value, "" for now), held for release, the logical date. */
  onceAt: string;
  waitForManualRelease: boolean;
  logicalTime: string;
  recurring: RecurringForm;
}

export function initialExecuteForm(): ExecuteForm {
  return {
    option: "execute",
    queue: "",
    alias: "",
    timezone: "",
    inputs: {},
    onceAt: "",
    waitForManualRelease: false,
    logicalTime: "",
    recurring: {
      description: "",
      startDate: "",
      end: "never",
      endDate: "",
      endAfter: "",
      repeatBy: "at",
      at: "",
      every: "",
      unit: "M",
      allowOneOverlap: false,
      betweenStart: "",
      betweenEnd: "",
      adjustStartTime: false,
      days: "every",
      weekdays: [],
      calendarMatch: "one",
      calendars: [],
    },
  };
}

/** An amount of minutes, hours or days as the ISO 8601 duration the API takes: PT15M, PT2H, P1D. */
export function isoDuration(amount: string, unit: DurationUnit): string {
  const n = amount.trim();
  return unit === "D" ? `P${n}D` : `PT${n}${unit}`;
}

const text = (value: string) => (value.trim() === "" ? undefined : value.trim());
const upper = (value: string) => text(value)?.toUpperCase();

/** The recurring body: only the members the operator set, so the engine's defaults and checks apply. */
function recurringBody(form: RecurringForm): NonNullable<InExecutionBody["recurring"]> {
  const every = text(form.every);
  return {
    ...(text(form.description) !== undefined && { periodDescription: form.description.trim() }),
    ...(text(form.startDate) !== undefined && { startDate: form.startDate.trim() }),
    ...(form.end === "date" && text(form.endDate) !== undefined && { endDate: form.endDate.trim() }),
    ...(form.end === "count" && text(form.endAfter) !== undefined && { endAfterExecutions: Number(form.endAfter) }),
    ...(form.repeatBy === "at" && text(form.at) !== undefined && { executeAt: form.at.trim() }),
    ...(form.repeatBy === "interval" && every !== undefined && { executeInterval: isoDuration(every, form.unit) }),
    ...(form.repeatBy === "after" && every !== undefined && { executeAfter: isoDuration(every, form.unit) }),
    ...(form.allowOneOverlap && { allowOneOverlap: true }),
    ...(text(form.betweenStart) !== undefined && { betweenStart: form.betweenStart.trim() }),
    ...(text(form.betweenEnd) !== undefined && { betweenEnd: form.betweenEnd.trim() }),
    ...(form.adjustStartTime && { adjustStartTime: true }),
    ...(form.days === "weekly" && { executeWeekly: [...form.weekdays] }),
    ...(form.days === "calendar" && {
      executeCalendarMatch: form.calendarMatch,
      executeCalendarList: form.calendars.filter((c) => c.calendar.trim() !== "").map((c) => ({ calendar: c.calendar.trim().toUpperCase(), event: c.event.trim().toUpperCase() })),
    }),
  };
}

/**
 * The body of POST /executions for the form: the members of the chosen option only, each prompt
 * input with what was typed or its default (the engine checks them as for any start).
 */
export function executeBody(objectName: string, form: ExecuteForm, inputs: readonly ObjectInput[]): InExecutionBody {
  const values = Object.fromEntries(inputs.map((input) => [input.name, form.inputs[input.name] ?? input.defaultValue ?? ""]));
  return {
    objectName,
    executionOption: form.option,
    ...(upper(form.queue) !== undefined && { queue: upper(form.queue) }),
    ...(upper(form.alias) !== undefined && { alias: upper(form.alias) }),
    ...(text(form.timezone) !== undefined && { timezone: form.timezone.trim() }),
    ...(inputs.length > 0 && { inputs: values }),
    ...(form.option === "once" && {
      once: {
        ...(form.onceAt !== "" && { executionDateTime: form.onceAt }),
        ...(form.onceAt === "" && form.waitForManualRelease && { waitForManualRelease: true }),
        ...(form.logicalTime !== "" && { useLogicalTime: form.logicalTime }),
      },
    }),
    ...(form.option === "recurring" && { recurring: recurringBody(form.recurring) }),
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A problem's path as the form names its fields: the spec's snake_case (`recurring.execute_at`), input names as declared (`inputs.DAYS#`). */
export function fieldPath(path: string): string {
  const [head = "", ...rest] = path.split(".");
  if (head === "inputs") return ["inputs", rest.join(".").toUpperCase()].filter(Boolean).join(".");
  return [head, ...rest].map(snake).join(".");
}

/** The server's refusal split into what a field of the form shows (by fieldPath) and the rest, shown under the form. */
export function problemsByField(error: unknown, fields: ReadonlySet<string>): { byField: ReadonlyMap<string, string>; rest: readonly ApiProblem[] } {
  const byField = new Map<string, string>();
  const rest: ApiProblem[] = [];
  if (!isApiError(error, 400)) return { byField, rest };
  for (const problem of error.problems) {
    const path = problem.path === null ? undefined : fieldPath(problem.path);
    if (path !== undefined && fields.has(path)) byField.set(path, [byField.get(path), problem.details ?? problem.message].filter(Boolean).join("; "));
    else rest.push(problem);
  }
  return { byField, rest };
}

/**
 * What the Start at field says under it: a time that has passed starts the run at once (the engine
 * waits only for a time ahead), which a mistyped year should not do unnoticed.
 */
export function onceStartHint(onceAt: string, now: number): string {
  if (onceAt !== "" && Date.parse(onceAt) <= now) return "This time has passed: the run starts at once. Check the date, or leave it empty to start now.";
  return "Local time; empty: now. It waits for its start time (1698).";
}
