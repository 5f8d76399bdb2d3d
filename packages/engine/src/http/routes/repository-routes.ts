import {
  BranchName,
  CommitId,
  InCommitParameters,
  InCreateBranchParameters,
  InMergeParameters,
  InRepositoryInit,
  InRepositoryPull,
  RepositoryChangeDiffQuery,
  RepositoryChangesQuery,
  RepositoryCompareQuery,
  RepositoryDiffQuery,
  RepositoryPageQuery,
} from "@baton/contract";
import type { Principal } from "../../auth/authenticator";
import type { RepositoryService } from "../../repositories/repository-service";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

const BranchParams = ClientParams.extend({ branch_name: BranchName });
const CommitParams = ClientParams.extend({ commit_id: CommitId });

/** The repository endpoints of the interface, and two for reviewing (compare, changes/diff). */
export function repositoryRoutes(repositories: RepositoryService) {
  // Everything but the initialisation answers 404 RESOURCE_DISABLED until the client has a repository.
  const disabled = async (principal: Principal) => repositories.disabledReason(principal.client);
  const base = "/:client_id/repositories";
  return [
    defineRoute({ method: "GET", path: base, params: ClientParams, query: noParams, body: noBody, disabled, handle: ({ principal }) => repositories.info(principal) }),
    defineRoute({ method: "POST", path: base, params: ClientParams, query: noParams, body: InRepositoryInit, handle: ({ principal, body }) => repositories.init(principal, body) }),
    defineRoute({
      method: "GET",
      path: `${base}/changes`,
      params: ClientParams,
      query: RepositoryChangesQuery,
      body: noBody,
      disabled,
      handle: async ({ principal, query }) => {
        const data = await repositories.changes(principal);
        return { data, ...(query.fields?.includes("total") && { total: data.length }) };
      },
    }),
    defineRoute({ method: "GET", path: `${base}/changes/diff`, params: ClientParams, query: RepositoryChangeDiffQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.changeDiff(principal, query.object_path) }),
    defineRoute({ method: "GET", path: `${base}/compare`, params: ClientParams, query: RepositoryCompareQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.compare(principal, query) }),
    defineRoute({ method: "POST", path: `${base}/commits`, params: ClientParams, query: noParams, body: InCommitParameters, disabled, handle: ({ principal, body }) => repositories.commit(principal, body) }),
    defineRoute({ method: "POST", path: `${base}/commits/:commit_id`, params: CommitParams, query: noParams, body: noBody, disabled, handle: ({ principal, params }) => repositories.rollback(principal, params.commit_id) }),
    defineRoute({ method: "GET", path: `${base}/branches`, params: ClientParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.branches(principal, query) }),
    defineRoute({ method: "POST", path: `${base}/branches`, params: ClientParams, query: noParams, body: InCreateBranchParameters, disabled, handle: ({ principal, body }) => repositories.createBranch(principal, body) }),
    defineRoute({ method: "GET", path: `${base}/branches/:branch_name/log`, params: BranchParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.log(principal, params.branch_name, query) }),
    defineRoute({ method: "GET", path: `${base}/branches/:branch_name/diff`, params: BranchParams, query: RepositoryDiffQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.diff(principal, params.branch_name, query) }),
    defineRoute({ method: "POST", path: `${base}/merge`, params: ClientParams, query: noParams, body: InMergeParameters, disabled, handle: ({ principal, body }) => repositories.merge(principal, body) }),
    defineRoute({ method: "DELETE", path: `${base}/merge`, params: ClientParams, query: noParams, body: noBody, disabled, handle: ({ principal }) => repositories.abortMerge(principal) }),
    defineRoute({ method: "POST", path: `${base}/pull`, params: ClientParams, query: noParams, body: InRepositoryPull, disabled, handle: ({ principal, body }) => repositories.pull(principal, body) }),
  ];
}
