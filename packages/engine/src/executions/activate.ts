import { ErrorCode, Status, type InExecutionBody, type ObjectBody } from "@baton/contract";
import { parseScript, ScriptSyntaxError } from "@baton/script";
import { requirePrivilege } from "../auth/access";
import { requireExecute } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { calendarHasEvent } from "../domain/calendar";
import { NotFoundError, ValidationError, invalid, type ValidationIssue } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { LOGICAL_DATE_VARIABLE } from "../domain/job-script";
import { DEFAULT_TIME_ZONE } from "../domain/object-time-zone";
import { readRecurrence } from "../domain/recurrence";
import { wireTime } from "../domain/wire-time";
import { resolveTimeZone } from "../runtime/time-zones";
import { setExecutionCallback } from "../store/callbacks-store";
import { findObject } from "../store/objects-store";
import { RUNNABLE_TYPES, callbackSpec, objectDetails } from "./execution-details";
import type { ActivationContext, ExecutionLauncher } from "./launcher";
import { inputsFor } from "./prompt-inputs";
import { requireQueue } from "./queues";

/** Name of the executions POST /scripts starts. */
export const AD_HOC_SCRIPT_NAME = "SCRIPT";

/**
 * Activates an object for the principal and returns the new execution: at once, once at a time
 * (it waits 1698 until then), held for manual release (1693), or recurring (a period container).
 * Everything is checked before anything is created: a refused activation leaves no trace.
 */
export async function activate(launcher: ExecutionLauncher, principal: Principal, request: InExecutionBody, depth = 0): Promise<Execution> {
  const { store, clock, callbacks, scheduler } = launcher.deps;
  // A recurring rule is read first: a wrong one starts nothing.
  const timezone = request.timezone === undefined ? undefined : await timeZone(launcher, principal.client, request.timezone);
  const rule = request.executionOption === "recurring" ? readRecurrence(request.recurring, timezone) : undefined;
  const dueAt = request.executionOption === "once" && request.once?.executionDateTime !== undefined ? Date.parse(request.once.executionDateTime) : undefined;
  if (request.callback !== undefined) await callbacks.check(request.callback.http.url);
  const object = await findObject(store.db, principal.client, request.objectName);
  if (object === undefined) {
    throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${request.objectName}' does not exist in client ${principal.client}.`);
  }
  requireExecute(principal, object);
  if (!RUNNABLE_TYPES.has(object.type)) {
    throw invalid(ErrorCode.NOT_EXECUTABLE, "object_name", `object '${object.name}' of type ${object.type} is not executable`, request.objectName);
  }
  if (request.queue !== undefined) await requireQueue(store, principal.client, request.queue);
  if (rule?.calendars !== undefined) await requireCalendars(launcher, principal.client, rule.calendars.entries);
  const prompted = await inputsFor(store, principal.client, object.body, request.inputs ?? {}, "inputs");
  // A once start's use_logical_time is the run's logical date: kept as its predefined
  // &$LOGICAL_DATE# with its inputs, read by SYS_LDATE and inherited by a workflow's tasks.
  const logical = request.executionOption === "once" ? request.once?.useLogicalTime : undefined;
  const inputs = logical === undefined ? prompted : new Map([...prompted, [LOGICAL_DATE_VARIABLE, wireTime(logical)]]);
  if (rule !== undefined) return launcher.periods.start(principal, object.name, object.type, object.body, request, rule, inputs);
  const context: ActivationContext = { principal, depth, launcher, inherited: inputs };
  const details = { ...objectDetails(object.body), queue: request.queue ?? objectDetails(object.body).queue, alias: request.alias };
  // A once execution whose time lies ahead waits for it (1698); the scheduler starts it then.
  const waitsForTime = dueAt !== undefined && dueAt > clock.now();
  // Held for manual release (only when starting now): waits 1693 until released.
  const held = !waitsForTime && request.executionOption === "once" && request.once?.waitForManualRelease === true;
  const execution = await launcher.create(principal, object.type, object.name, object.body, {
    ...details,
    ...(waitsForTime && { status: Status.WAITING_FOR_START_TIME, dueAt }),
    ...(held && { status: Status.WAITING_FOR_MANUAL_RELEASE }),
  });
  if (request.callback) await setExecutionCallback(store.db, principal.client, execution.runId, callbackSpec(request.callback));
  await launcher.keepInputs(execution, inputs);
  if (waitsForTime) {
    launcher.hold(execution.runId, context);
    scheduler.poke();
  } else if (held) launcher.hold(execution.runId, context);
  else await launcher.dispatch(execution, object.body, context);
  return execution;
}

/**
 * Each calendar a recurring rule names is a CALE object with the event: a rule asking a calendar
 * that is not there would let nothing run, and the container would end at once.
 */
async function requireCalendars(launcher: ExecutionLauncher, client: number, entries: readonly { calendar: string; event: string }[]): Promise<void> {
  const issues: ValidationIssue[] = [];
  for (const [index, { calendar, event }] of entries.entries()) {
    const path = `recurring.execute_calendar_list[${index}]`;
    const object = await findObject(launcher.deps.store.db, client, calendar);
    if (object?.type !== "CALE") issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.calendar`, error: `no calendar (CALE) '${calendar}' exists in client ${client}`, invalidValue: calendar });
    else if (!calendarHasEvent(object.body, event)) issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.event`, error: `calendar '${calendar}' has no event '${event}'`, invalidValue: event });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * POST /scripts: runs script lines as a Script execution. A script that does not parse starts
 * nothing and answers 400 with its line and column.
 */
export async function runScript(launcher: ExecutionLauncher, principal: Principal, lines: readonly string[], queue: string | undefined): Promise<Execution> {
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
  const execution = await launcher.create(principal, "SCRI", AD_HOC_SCRIPT_NAME, body, { queue });
  await launcher.dispatch(execution, body, launcher.contextFor(principal));
  return execution;
}

/**
 * The zone an activation names (an IANA name or a TZ object). One that does not exist is not an
 * error: the vendor's engine and REST API do not check that a time zone object exists, so clients
 * send names of TZ objects this client does not have. The default zone (UTC) applies then, the
 * zone of a start that names none (docs/decisions.md, "Vendor wire behaviour").
 */
async function timeZone(launcher: ExecutionLauncher, client: number, name: string): Promise<string> {
  try {
    return await resolveTimeZone(launcher.deps.store.db, client, name);
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
