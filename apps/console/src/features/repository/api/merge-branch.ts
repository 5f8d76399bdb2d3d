import { OutRepositoryMerge } from "@baton/contract";
import { requestJson, requestNoContent } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/merge: merged and imported, up to date, or conflicts (the repository is then "merging"). */
export function mergeBranch(client: number, csrfToken: string, branchName: string): Promise<OutRepositoryMerge> {
  return requestJson(repositoryPath(client, "merge"), OutRepositoryMerge, { method: "POST", body: { branch_name: branchName }, csrfToken });
}

/** DELETE /api/{client}/repositories/merge: gives the merge in progress up; nothing of it was imported. */
export function abortMerge(client: number, csrfToken: string): Promise<void> {
  return requestNoContent(repositoryPath(client, "merge"), { method: "DELETE", csrfToken });
}

export function useMergeBranch() {
  return useRepositoryMutation(mergeBranch);
}

export function useAbortMerge() {
  return useRepositoryMutation<void, void>(abortMerge);
}
