import { Status, statusGroups, statusText, type OutExecution } from "@baton/contract";
import { runtimeSeconds, type Execution } from "../../domain/execution";
import { isWireTime, wireTime } from "../../domain/wire-time";
import { snakeCase } from "../key-case";

/**
 * A time as the API writes it (wireTime), absent when there is none, or when no date-time can name
 * it (a planned time past year 9999 an earlier version stored): one such row must not fail a whole list.
 */
export function iso(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined || !isWireTime(ms) ? undefined : wireTime(ms);
}

/** A stored null as an absent field. */
export function optional<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

/**
 * The OutExecution shape of an execution, as the vendor's answers have it: `type` the object type
 * code, times in whole UTC seconds, `parent` 0 for a top-level execution, `alias` the name when
 * none was given, absent optional fields undefined (left out of the JSON). Two Baton extensions
 * say what the vendor's fields leave to guessing: when a run waiting for its start time (1698) is
 * planned to start, and since when a blocked run (1560, or held 1562) is blocked.
 */
export function presentExecution(execution: Execution, now: number): OutExecution {
  const out: OutExecution = {
    name: execution.name,
    type: execution.objectType,
    queue: execution.queue,
    run_id: execution.runId,
    status: execution.status,
    status_text: statusText(execution.status),
    runtime: runtimeSeconds(execution, now),
    estimated_runtime: optional(execution.estimatedRuntime),
    activation_time: wireTime(execution.activationTime),
    start_time: iso(execution.startTime),
    end_time: iso(execution.endTime),
    agent: optional(execution.agent),
    platform: optional(execution.platform),
    parent: execution.parent ?? 0,
    reference_run_id: execution.referenceRunId,
    line_number: optional(execution.lineNumber),
    user: execution.user,
    archive_key1: optional(execution.archiveKey1),
    archive_key2: optional(execution.archiveKey2),
    title: optional(execution.title),
    // The vendor writes the object's name as the alias of an execution not given one.
    alias: execution.alias ?? execution.name,
    // A task's activator is the container that started it (workflow, schedule, period, agent group),
    // its parent; an execution started from outside has none to name.
    activator: optional(execution.parent),
    activator_object_type: execution.activatorObjectType,
    return_code: optional(execution.returnCode),
    restart_count: execution.restartCount,
    restart_predecessor: optional(execution.restartPredecessor),
    planned_start_time: execution.status === Status.WAITING_FOR_START_TIME ? iso(execution.dueAt) : undefined,
    blocked_since: statusGroups(execution.status).includes("blocked") ? wireTime(execution.statusSince) : undefined,
  };
  // Absent fields stay undefined members, which JSON.stringify leaves out of every answer, event
  // and callback: one object of one shape per execution. Copying them out (once a JSON round trip)
  // cost more than the rest of the presenter, fifty times per page of a list.
  return out;
}

/** OutExecutionRecurringBody: the rule as requested in snake_case, with occur_count and next_check (UTC). */
export function presentRecurring(rule: Record<string, unknown>, occurCount: number, nextCheck: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rule).map(([key, value]) => [snakeCase(key), value]));
  out["occur_count"] = occurCount;
  const next = iso(nextCheck);
  if (next !== undefined) out["next_check"] = next;
  return out;
}

/**
 * The variables of an execution keyed as the vendor's answers key them, without the leading `&`
 * (`TEXT1#`), like the `inputs` of a start.
 */
export function presentVariables(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name.startsWith("&") ? name.slice(1) : name, value]));
}

/** OutComment, its time in whole UTC seconds. */
export function presentComment(comment: { timestamp: number; comment: string; user: string }): { timestamp: string; comment: string; user: string } {
  return { timestamp: wireTime(comment.timestamp), comment: comment.comment, user: comment.user };
}
