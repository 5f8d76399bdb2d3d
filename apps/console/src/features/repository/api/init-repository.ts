import { OutRepositoryInit, type InRepositoryInit } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories: clones the remote and imports its objects, or commits the client's when the branch is empty. */
export function initRepository(client: number, csrfToken: string, body: InRepositoryInit): Promise<OutRepositoryInit> {
  return requestJson(repositoryPath(client), OutRepositoryInit, { method: "POST", body, csrfToken });
}

export function useInitRepository() {
  return useRepositoryMutation(initRepository);
}
