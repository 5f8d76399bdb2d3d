import { OutRepositoryBranch, type InCreateBranchParameters } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { repositoryPath } from "./repository-path";
import { useRepositoryMutation } from "./use-repository-mutation";

/** The body as the console sends it: `switch` and `overwrite` default to false on the server. */
export type CreateBranchBody = Pick<InCreateBranchParameters, "branch_name" | "start_point"> & { switch?: boolean; overwrite?: boolean };

/**
 * POST /api/{client}/repositories/branches: creates a branch, or with `switch` and no start point
 * switches to an existing one (importing its definitions). A conflict (400) lists the objects whose uncommitted
 * changes the switch would replace, unless `overwrite`.
 */
export function createBranch(client: number, csrfToken: string, body: CreateBranchBody): Promise<OutRepositoryBranch> {
  return requestJson(repositoryPath(client, "branches"), OutRepositoryBranch, { method: "POST", body, csrfToken });
}

export function useCreateBranch() {
  return useRepositoryMutation(createBranch);
}
