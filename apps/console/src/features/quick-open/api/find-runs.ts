import { queryOptions } from "@tanstack/react-query";
import type { OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { quickOpenKeys } from "./keys";

/** How many runs by name are shown: the newest. */
export const RUNS_SHOWN = 5;

/** GET /api/{client}/executions?name=pattern: the newest runs of the objects whose name matches. */
export function findRunsByNameQueryOptions(client: number, pattern: string) {
  return queryOptions({
    queryKey: quickOpenKeys.runsByName(client, pattern),
    queryFn: ({ signal }): Promise<OutExecutionList> => callOperation("getExecutions", { params: { client_id: client }, query: { name: pattern, max_results: RUNS_SHOWN }, signal }),
    staleTime: 10_000,
  });
}

/**
 * GET /api/{client}/executions?run_id=N: the run with that RunID, or none. The list's filter
 * answers an unknown RunID with no entry, where GET .../executions/{run_id} would answer 404
 * (which the browser reports as an error on its console).
 */
export function findRunQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: quickOpenKeys.run(client, runId),
    queryFn: ({ signal }): Promise<OutExecutionList> => callOperation("getExecutions", { params: { client_id: client }, query: { run_id: runId, max_results: 1 }, signal }),
    staleTime: 10_000,
  });
}
