import { DEFAULT_VIEW, type ExecutionFilters, type ListView } from "./execution-filters";

export const executionKeys = {
  all: (client: number) => ["executions", client] as const,
  lists: (client: number) => [...executionKeys.all(client), "list"] as const,
  /** One list per set of filters and view (scope and order); its pages are read with start_at_run_id. */
  list: (client: number, filters: ExecutionFilters, view: ListView = DEFAULT_VIEW) => [...executionKeys.lists(client), filters, view] as const,
  detail: (client: number, runId: number) => [...executionKeys.all(client), "detail", runId] as const,
  reports: (client: number, runId: number) => [...executionKeys.all(client), "reports", runId] as const,
  reportContent: (client: number, runId: number, type: string) => [...executionKeys.reports(client, runId), type] as const,
  /** The immediate children (workflow tasks, schedule slots), paged with start_at_run_id. */
  children: (client: number, runId: number) => [...executionKeys.all(client), "children", runId] as const,
  variables: (client: number, runId: number) => [...executionKeys.all(client), "variables", runId] as const,
  /** Report content as the viewer reads it: the last page (tail), one page, or every page. */
  reportTail: (client: number, runId: number, type: string) => [...executionKeys.reportContent(client, runId, type), "tail"] as const,
  reportPage: (client: number, runId: number, type: string, page: number) => [...executionKeys.reportContent(client, runId, type), "page", page] as const,
  reportWhole: (client: number, runId: number, type: string) => [...executionKeys.reportContent(client, runId, type), "whole"] as const,
  ert: (client: number, runId: number) => [...executionKeys.all(client), "ert", runId] as const,
  comments: (client: number, runId: number) => [...executionKeys.all(client), "comments", runId] as const,
  /** The definition of an executed workflow object (GET /objects/{name}), for its graph. */
  workflowDefinition: (client: number, name: string) => [...executionKeys.all(client), "workflow-definition", name] as const,
  /** The `:RESTART` points of a job's or script's process page (GET /objects/{name}), for a restart. */
  restartPoints: (client: number, name: string) => [...executionKeys.all(client), "restart-points", name] as const,
  /** The mutation key of the status changes (cancel, restart, release) asked of an execution's page. */
  statusChange: (client: number, runId: number) => [...executionKeys.all(client), "status-change", runId] as const,
  /** The prompt inputs an object takes (GET /objects/{name}/inputs), for a restart. */
  objectInputs: (client: number, name: string) => [...executionKeys.all(client), "object-inputs", name] as const,
};
