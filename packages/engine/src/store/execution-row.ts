import type { Selectable } from "kysely";
import type { Execution } from "../domain/execution";
import type { ExecutionsTable } from "./schema/executions";

/** The columns of an executions row that make an Execution: every read of executions selects these. */
export const summaryColumns = [
  "run_id",
  "client",
  "name",
  "object_type",
  "type",
  "queue",
  "status",
  "activation_time",
  "start_time",
  "end_time",
  "user",
  "agent",
  "platform",
  "parent",
  "reference_run_id",
  "line_number",
  "return_code",
  "alias",
  "title",
  "archive_key1",
  "archive_key2",
  "activator_object_type",
  "repeats_type",
  "restart_count",
  "restart_predecessor",
  "due_at",
  "estimated_runtime",
  // Every status change sets it: when the execution took its current status.
  "modified_at",
] as const;

/** An executions row read with summaryColumns, as the domain's Execution. */
export function toExecution(row: Pick<Selectable<ExecutionsTable>, (typeof summaryColumns)[number]>): Execution {
  return {
    runId: row.run_id,
    client: row.client,
    name: row.name,
    objectType: row.object_type,
    type: row.type,
    queue: row.queue,
    status: row.status,
    activationTime: row.activation_time,
    startTime: row.start_time,
    endTime: row.end_time,
    user: row.user,
    agent: row.agent,
    platform: row.platform,
    parent: row.parent,
    referenceRunId: row.reference_run_id,
    lineNumber: row.line_number,
    returnCode: row.return_code,
    alias: row.alias,
    title: row.title,
    archiveKey1: row.archive_key1,
    archiveKey2: row.archive_key2,
    activatorObjectType: row.activator_object_type,
    repeatsType: row.repeats_type,
    restartCount: row.restart_count,
    restartPredecessor: row.restart_predecessor,
    dueAt: row.due_at,
    estimatedRuntime: row.estimated_runtime,
    statusSince: row.modified_at,
  };
}
