import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryDiff } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";
import type { TwoSidedSource } from "./review-source";

/**
 * The two texts of a review: GET .../changes/diff for an uncommitted change (ours = HEAD, theirs =
 * the definition now), GET .../branches/{ours}/diff for two refs. A side without the file is "".
 */
export function getDiff(client: number, source: TwoSidedSource, signal?: AbortSignal): Promise<OutRepositoryDiff> {
  if (source.kind === "change") {
    return callOperation("getRepositoriesChangesDiff", { params: { client_id: client }, query: { object_path: source.path }, signal });
  }
  return callOperation("getRepositoriesBranchesBranchNameDiff", {
    params: { client_id: client, branch_name: source.ours },
    query: { branch_name_theirs: source.theirs, object_path_ours: source.pathOurs, object_path_theirs: source.pathTheirs },
    signal,
  });
}

export function diffQueryOptions(client: number, source: TwoSidedSource) {
  return queryOptions({ queryKey: repositoryKeys.diff(client, source), queryFn: ({ signal }) => getDiff(client, source, signal) });
}

export function useDiff(source: TwoSidedSource) {
  const { client } = useCurrentSession();
  return useQuery(diffQueryOptions(client, source));
}
