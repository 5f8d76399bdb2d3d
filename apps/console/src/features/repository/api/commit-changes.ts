import type { InCommitParameters, OutRepositoryCommit } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/commits: commits (and pushes) the named objects or all; while merging it completes the merge. A conflict (400, code CONFLICT) when nothing changed. */
export function commitChanges(client: number, csrfToken: string, body: InCommitParameters): Promise<OutRepositoryCommit> {
  return callOperation("postRepositoriesCommits", { params: { client_id: client }, body, csrfToken });
}

export function useCommitChanges() {
  return useRepositoryMutation(commitChanges);
}
