import { OutRepositoryRollback } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/commits/{commit_id}: a new commit with that commit's definitions, imported. */
export function restoreCommit(client: number, csrfToken: string, commitId: string): Promise<OutRepositoryRollback> {
  return requestJson(repositoryPath(client, "commits", commitId), OutRepositoryRollback, { method: "POST", csrfToken });
}

export function useRestoreCommit() {
  return useRepositoryMutation(restoreCommit);
}
