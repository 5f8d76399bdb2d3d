import type { InRepositoryInit, OutRepositoryInit } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories: clones the remote and imports its objects, or commits the client's when the branch is empty. */
export function initRepository(client: number, csrfToken: string, body: InRepositoryInit): Promise<OutRepositoryInit> {
  return callOperation("postRepositories", { params: { client_id: client }, body, csrfToken });
}

export function useInitRepository() {
  return useRepositoryMutation(initRepository);
}
