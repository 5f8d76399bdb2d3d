import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutComment } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** GET /api/{client}/executions/{run_id}/comments, oldest first. */
export function getComments(client: number, runId: number, signal?: AbortSignal): Promise<OutComment[]> {
  return callOperation("getExecutionsRunIdComments", { params: { client_id: client, run_id: runId }, signal });
}

/** Comments bring no events: read when the page opens and after adding one. */
export function commentsQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: executionKeys.comments(client, runId),
    queryFn: ({ signal }) => getComments(client, runId, signal),
  });
}

export function useComments(runId: number) {
  const { client } = useCurrentSession();
  return useQuery(commentsQueryOptions(client, runId));
}
