import { BranchName, InCommitParameters, InCreateBranchParameters, InRepositoryInit, RepositoryChangesQuery, RepositoryDiffQuery, RepositoryPageQuery } from "@baton/contract";
import type { Principal } from "../../auth/authenticator";
import type { RepositoryService } from "../../repositories/repository-service";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

const BranchParams = ClientParams.extend({ branch_name: BranchName });

/** The repository endpoints of the interface (merge, pull and moving the head are not offered yet). */
export function repositoryRoutes(repositories: RepositoryService) {
  // Everything but the initialisation answers 404 RESOURCE_DISABLED until the client has a repository.
  const disabled = async (principal: Principal) => repositories.disabledReason(principal.client);
  return [
    defineRoute({ method: "GET", path: "/:client_id/repositories", params: ClientParams, query: noParams, body: noBody, disabled, handle: ({ principal }) => repositories.info(principal.client) }),
    defineRoute({ method: "POST", path: "/:client_id/repositories", params: ClientParams, query: noParams, body: InRepositoryInit, handle: ({ principal, body }) => repositories.init(principal, body) }),
    defineRoute({
      method: "GET",
      path: "/:client_id/repositories/changes",
      params: ClientParams,
      query: RepositoryChangesQuery,
      body: noBody,
      disabled,
      handle: async ({ principal, query }) => {
        const data = await repositories.changes(principal);
        return { data, ...(query.fields?.includes("total") && { total: data.length }) };
      },
    }),
    defineRoute({ method: "POST", path: "/:client_id/repositories/commits", params: ClientParams, query: noParams, body: InCommitParameters, disabled, handle: ({ principal, body }) => repositories.commit(principal, body) }),
    defineRoute({ method: "GET", path: "/:client_id/repositories/branches", params: ClientParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.branches(principal.client, query) }),
    defineRoute({ method: "POST", path: "/:client_id/repositories/branches", params: ClientParams, query: noParams, body: InCreateBranchParameters, disabled, handle: ({ principal, body }) => repositories.createBranch(principal.client, body) }),
    defineRoute({ method: "GET", path: "/:client_id/repositories/branches/:branch_name/log", params: BranchParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.log(principal.client, params.branch_name, query) }),
    defineRoute({ method: "GET", path: "/:client_id/repositories/branches/:branch_name/diff", params: BranchParams, query: RepositoryDiffQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.diff(principal.client, params.branch_name, query) }),
  ];
}
