import type { InCreateBranchParameters, OutRepositoryBranch } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useRepositoryMutation } from "./use-repository-mutation";

/** The body as the console sends it: it says whether to switch and to overwrite each time. */
export type CreateBranchBody = Pick<InCreateBranchParameters, "branch_name" | "start_point" | "switch" | "overwrite">;

/**
 * POST /api/{client}/repositories/branches: creates a branch, or with `switch` and no start point
 * switches to an existing one (importing its definitions). A conflict (400) lists the objects whose uncommitted
 * changes the switch would replace, unless `overwrite`.
 */
export function createBranch(client: number, csrfToken: string, body: CreateBranchBody): Promise<OutRepositoryBranch> {
  return callOperation("postRepositoriesBranches", { params: { client_id: client }, body, csrfToken });
}

export function useCreateBranch() {
  return useRepositoryMutation(createBranch);
}
