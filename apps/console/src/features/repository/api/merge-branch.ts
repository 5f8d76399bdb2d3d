import type { OutRepositoryMerge } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** POST /api/{client}/repositories/merge: merged and imported, up to date, or conflicts (the repository is then "merging"). */
export function mergeBranch(client: number, csrfToken: string, branchName: string): Promise<OutRepositoryMerge> {
  return callOperation("postRepositoriesMerge", { params: { client_id: client }, body: { branch_name: branchName }, csrfToken });
}

/** DELETE /api/{client}/repositories/merge: gives the merge in progress up; nothing of it was imported. */
export function abortMerge(client: number, csrfToken: string): Promise<void> {
  return callOperation("deleteRepositoriesMerge", { params: { client_id: client }, csrfToken });
}

export function useMergeBranch() {
  return useRepositoryMutation(mergeBranch);
}

export function useAbortMerge() {
  return useRepositoryMutation<void, void>(abortMerge);
}
