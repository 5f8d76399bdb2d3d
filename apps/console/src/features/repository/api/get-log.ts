import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryLog } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** One commit of a branch's log. */
export type LogEntry = OutRepositoryLog["data"][number];

/** Commits shown per branch. */
const LOG_PAGE_SIZE = 100;

/** GET /api/{client}/repositories/branches/{branch}/log: newest commit first. */
export function getLog(client: number, branch: string, signal?: AbortSignal): Promise<OutRepositoryLog> {
  return callOperation("getRepositoriesBranchesBranchNameLog", { params: { client_id: client, branch_name: branch }, query: { max_results: LOG_PAGE_SIZE }, signal });
}

export function logQueryOptions(client: number, branch: string) {
  return queryOptions({ queryKey: repositoryKeys.log(client, branch), queryFn: ({ signal }) => getLog(client, branch, signal) });
}

/** Nothing is asked before a branch is known. */
export function useLog(branch: string) {
  const { client } = useCurrentSession();
  return useQuery({ ...logQueryOptions(client, branch), enabled: branch !== "" });
}
