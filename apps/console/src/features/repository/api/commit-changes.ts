import { OutRepositoryCommit, type InCommitParameters } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/commits: commits (and pushes) the named objects or all; while merging it completes the merge. A conflict (400, code CONFLICT) when nothing changed. */
export function commitChanges(client: number, csrfToken: string, body: InCommitParameters): Promise<OutRepositoryCommit> {
  return requestJson(repositoryPath(client, "commits"), OutRepositoryCommit, { method: "POST", body, csrfToken });
}

export function useCommitChanges() {
  return useRepositoryMutation(commitChanges);
}
