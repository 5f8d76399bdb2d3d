/** Filters of the executions list, as they appear in the URL and in the request. */
export interface ExecutionListFilters {
  /** Name pattern, `*` matches any characters, e.g. `NIGHTLY.*`. */
  name: string;
  /** Status codes and ranges, e.g. `1800-1899,1900`. */
  status: string;
  maxResults: number;
}

export const executionKeys = {
  all: (client: number) => ["executions", client] as const,
  lists: (client: number) => [...executionKeys.all(client), "list"] as const,
  list: (client: number, filters: ExecutionListFilters) => [...executionKeys.lists(client), filters] as const,
  detail: (client: number, runId: number) => [...executionKeys.all(client), "detail", runId] as const,
  reports: (client: number, runId: number) => [...executionKeys.all(client), "reports", runId] as const,
  reportContent: (client: number, runId: number, type: string) => [...executionKeys.reports(client, runId), type] as const,
  /** The immediate children (workflow tasks, schedule slots), paged with start_at_run_id. */
  children: (client: number, runId: number) => [...executionKeys.all(client), "children", runId] as const,
  variables: (client: number, runId: number) => [...executionKeys.all(client), "variables", runId] as const,
};
