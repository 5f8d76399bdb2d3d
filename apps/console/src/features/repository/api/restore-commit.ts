import type { OutRepositoryRollback } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/commits/{commit_id}: a new commit with that commit's definitions, imported. */
export function restoreCommit(client: number, csrfToken: string, commitId: string): Promise<OutRepositoryRollback> {
  return callOperation("postRepositoriesCommitsCommitId", { params: { client_id: client, commit_id: commitId }, csrfToken });
}

export function useRestoreCommit() {
  return useRepositoryMutation(restoreCommit);
}
