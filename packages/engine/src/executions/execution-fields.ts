import type { ExecutionField } from "@baton/contract";
import type { Kysely } from "kysely";
import type { Execution } from "../domain/execution";
import { readWorkflow, type WorkflowDefinition } from "../domain/workflow";
import { listComments, type ExecutionComment } from "../store/comments-store";
import { findExecutionBody, listChildren } from "../store/executions-store";
import { findExecutionVariables } from "../store/execution-variables-store";
import type { VariableValues } from "../domain/execution";
import { listReports, type ReportInfo } from "../store/reports-store";
import { countRestarts } from "../store/restarts-store";
import type { Database } from "../store/schema";
import { PERIOD_CONTAINER } from "./execution-details";

/** A predecessor of a workflow task, as its latest execution. */
export interface TaskPredecessor {
  runId: number;
  objectName: string;
  status: number;
}

/** A period container's rule as requested, its activation count and its next planned activation. */
export interface RecurringDescription {
  rule: Record<string, unknown>;
  occurCount: number;
  nextCheck: number | undefined;
}

/** The extra information `fields` asks for, per execution; a member is present when it was asked for. */
export interface ListedFields {
  restarts?: number;
  predecessors?: TaskPredecessor[];
  recurring?: RecurringDescription;
  comments?: ExecutionComment[];
  variables?: VariableValues;
  reports?: ReportInfo[];
}

export interface FieldSources {
  db: Kysely<Database>;
  describeRecurring(runId: number): Promise<RecurringDescription | undefined>;
}

/**
 * The `fields` of executions of one client, by run_id. Restarts and predecessors are read for the
 * whole page at once; comments, variables and reports (asked of one execution) per execution.
 */
export async function listedFields(sources: FieldSources, client: number, executions: readonly Execution[], fields: readonly ExecutionField[]): Promise<Map<number, ListedFields>> {
  const wanted = new Set(fields);
  const { db } = sources;
  const perExecution = <T>(field: ExecutionField, read: (runId: number) => Promise<T>) =>
    wanted.has(field) ? Promise.all(executions.map(async (e) => [e.runId, await read(e.runId)] as const)).then((entries) => new Map(entries)) : undefined;
  const [restarts, predecessors, recurring, comments, variables, reports] = await Promise.all([
    wanted.has("restarts") ? restartsOf(db, client, executions) : undefined,
    wanted.has("predecessors") ? predecessorsOf(db, client, executions) : undefined,
    wanted.has("recurring") ? recurringOf(sources, executions) : undefined,
    perExecution("comments", (runId) => listComments(db, client, runId)),
    perExecution("variables", (runId) => findExecutionVariables(db, client, runId)),
    perExecution("reports", (runId) => listReports(db, client, runId)),
  ]);
  return new Map(
    executions.map((e) => {
      const description = recurring?.get(e.runId);
      const listed: ListedFields = {
        ...(restarts && { restarts: restarts.get(e.runId) ?? 0 }),
        ...(predecessors && { predecessors: predecessors.get(e.runId) ?? [] }),
        ...(description && { recurring: description }),
        ...(comments && { comments: comments.get(e.runId) ?? [] }),
        ...(variables && { variables: variables.get(e.runId) ?? {} }),
        ...(reports && { reports: reports.get(e.runId) ?? [] }),
      };
      return [e.runId, listed];
    }),
  );
}

/** The first execution of a restart chain: restarts name it as reference_run_id. */
function chainStart(execution: Execution): number {
  return execution.referenceRunId === 0 ? execution.runId : execution.referenceRunId;
}

async function restartsOf(db: Kysely<Database>, client: number, executions: readonly Execution[]): Promise<Map<number, number>> {
  const counts = await countRestarts(db, client, executions.map(chainStart));
  return new Map(executions.map((e) => [e.runId, counts.get(chainStart(e)) ?? 0]));
}

/**
 * The predecessors of workflow tasks by the workflow's line conditions, each as the latest
 * execution on its line (a restart replaces the run it restarted). Lines that have not run yet,
 * such as <START>, have no execution and are left out.
 */
async function predecessorsOf(db: Kysely<Database>, client: number, executions: readonly Execution[]): Promise<Map<number, TaskPredecessor[]>> {
  const byRunId = new Map<number, TaskPredecessor[]>();
  const parents = new Set(executions.flatMap((e) => (e.parent !== null && e.lineNumber !== null ? [e.parent] : [])));
  for (const parent of parents) {
    const workflow = await workflowOf(db, client, parent);
    if (workflow === undefined) continue;
    const latestOnLine = new Map((await listChildren(db, client, parent)).map((c) => [c.lineNumber, c]));
    for (const task of executions.filter((e) => e.parent === parent && e.lineNumber !== null)) {
      const lines = workflow.predecessors.get(task.lineNumber ?? 0) ?? [];
      byRunId.set(
        task.runId,
        lines.flatMap(({ line }) => {
          const run = latestOnLine.get(line);
          return run ? [{ runId: run.runId, objectName: run.name, status: run.status }] : [];
        }),
      );
    }
  }
  return byRunId;
}

/** The workflow definition a workflow execution runs, or undefined for other parents (schedules, containers). */
async function workflowOf(db: Kysely<Database>, client: number, runId: number): Promise<WorkflowDefinition | undefined> {
  const body = await findExecutionBody(db, client, runId);
  if (body === undefined || !Array.isArray(body["workflow_definitions"])) return undefined;
  try {
    return readWorkflow(body);
  } catch {
    // A workflow that cannot be read never started tasks, so its tasks have no predecessors to show.
    return undefined;
  }
}

async function recurringOf(sources: FieldSources, executions: readonly Execution[]): Promise<Map<number, RecurringDescription>> {
  const containers = executions.filter((e) => e.objectType === PERIOD_CONTAINER);
  const described = await Promise.all(containers.map(async (c) => [c.runId, await sources.describeRecurring(c.runId)] as const));
  return new Map(described.flatMap(([runId, d]) => (d ? [[runId, d] as const] : [])));
}

/** An execution of a list with the `fields` asked for. */
export type ListedExecution = Execution & ListedFields;

/** A page of a list: `total` executions match, `hasmore` when the page holds fewer. */
export interface ExecutionPage {
  total: number;
  hasmore: boolean;
  executions: ListedExecution[];
}
