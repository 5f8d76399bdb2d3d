import { queryOptions, useQuery } from "@tanstack/react-query";
import { ErrorCode, type OutRepo } from "@baton/contract";
import { ApiError } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** The client's repository, or null while it has none (the server answers 404 RESOURCE_DISABLED until it is initialised). */
export async function getRepository(client: number, signal?: AbortSignal): Promise<OutRepo | null> {
  try {
    return await callOperation("getRepositories", { params: { client_id: client }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.hasCode(ErrorCode.RESOURCE_DISABLED)) return null;
    throw error;
  }
}

export function repositoryQueryOptions(client: number) {
  return queryOptions({ queryKey: repositoryKeys.info(client), queryFn: ({ signal }) => getRepository(client, signal) });
}

export function useRepository() {
  const { client } = useCurrentSession();
  return useQuery(repositoryQueryOptions(client));
}
