import { statusText, type OutExecution } from "@baton/contract";
import { runtimeSeconds, type Execution } from "../../domain/execution";
import { snakeCase } from "../key-case";

/** A time as ISO 8601 UTC, absent when there is none. */
export function iso(ms: number | null): string | undefined {
  return ms === null ? undefined : new Date(ms).toISOString();
}

/** A stored null as an absent field. */
export function optional<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

/** The OutExecution shape of an execution: snake_case, ISO 8601 UTC times, absent optional fields left out. */
export function presentExecution(execution: Execution, now: number): OutExecution {
  const out: OutExecution = {
    name: execution.name,
    type: execution.type,
    queue: execution.queue,
    run_id: execution.runId,
    status: execution.status,
    status_text: statusText(execution.status),
    runtime: runtimeSeconds(execution, now),
    estimated_runtime: optional(execution.estimatedRuntime),
    activation_time: new Date(execution.activationTime).toISOString(),
    start_time: iso(execution.startTime),
    end_time: iso(execution.endTime),
    agent: optional(execution.agent),
    platform: optional(execution.platform),
    parent: optional(execution.parent),
    reference_run_id: execution.referenceRunId,
    line_number: optional(execution.lineNumber),
    user: execution.user,
    archive_key1: optional(execution.archiveKey1),
    archive_key2: optional(execution.archiveKey2),
    title: optional(execution.title),
    alias: optional(execution.alias),
    activator_object_type: execution.activatorObjectType,
    return_code: optional(execution.returnCode),
    restart_count: execution.restartCount,
    restart_predecessor: optional(execution.restartPredecessor),
  };
  return JSON.parse(JSON.stringify(out));
}

/** OutExecutionRecurringBody: the rule as requested in snake_case, with occur_count and next_check (UTC). */
export function presentRecurring(rule: Record<string, unknown>, occurCount: number, nextCheck: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rule).map(([key, value]) => [snakeCase(key), value]));
  out["occur_count"] = occurCount;
  if (nextCheck !== undefined) out["next_check"] = new Date(nextCheck).toISOString();
  return out;
}

/** OutComment: time in ISO 8601 UTC. */
export function presentComment(comment: { timestamp: number; comment: string; user: string }): { timestamp: string; comment: string; user: string } {
  return { timestamp: new Date(comment.timestamp).toISOString(), comment: comment.comment, user: comment.user };
}
