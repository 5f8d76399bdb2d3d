import { queryOptions, useQuery } from "@tanstack/react-query";
import { ErrorCode, OutRepo } from "@baton/contract";
import { ApiError, requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";
import { repositoryPath } from "./repository-path";

/** The client's repository, or null while it has none (the server answers 404 RESOURCE_DISABLED until it is initialised). */
export async function getRepository(client: number, signal?: AbortSignal): Promise<OutRepo | null> {
  try {
    return await requestJson(repositoryPath(client), OutRepo, { signal });
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
