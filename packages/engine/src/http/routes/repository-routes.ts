import { operations } from "@baton/contract";
import type { Principal } from "../../auth/authenticator";
import { requirePrivilege } from "../../auth/access";
import type { RepositoryService } from "../../repositories/repository-service";
import { bindRoute } from "../route";

/** The repository endpoints of the interface, and Baton's for reviewing (compare, changes/diff) and previewing merges (merge/preview, merge/object). */
export function repositoryRoutes(repositories: RepositoryService) {
  // Everything but the initialisation answers 404 RESOURCE_DISABLED until the client has a repository;
  // the privilege comes first, so that a user without it does not learn whether there is one.
  const disabled = async (principal: Principal) => {
    requirePrivilege(principal, "REPOSITORY");
    return repositories.disabledReason(principal.client);
  };
  return [
    bindRoute(operations.getRepositories, { disabled, handle: ({ principal }) => repositories.info(principal) }),
    bindRoute(operations.postRepositories, { handle: ({ principal, body }) => repositories.init(principal, body) }),
    bindRoute(operations.getRepositoriesChanges, {
      disabled,
      handle: async ({ principal, query }) => {
        const data = await repositories.changes(principal);
        return { data, ...(query.fields?.includes("total") && { total: data.length }) };
      },
    }),
    bindRoute(operations.getRepositoriesChangesDiff, { disabled, handle: ({ principal, query }) => repositories.changeDiff(principal, query.object_path) }),
    bindRoute(operations.getRepositoriesCompare, { disabled, handle: ({ principal, query }) => repositories.compare(principal, query) }),
    bindRoute(operations.postRepositoriesCommits, { disabled, handle: ({ principal, body }) => repositories.commit(principal, body) }),
    bindRoute(operations.postRepositoriesCommitsCommitId, { disabled, handle: ({ principal, params }) => repositories.rollback(principal, params.commit_id) }),
    bindRoute(operations.getRepositoriesBranches, { disabled, handle: ({ principal, query }) => repositories.branches(principal, query) }),
    bindRoute(operations.postRepositoriesBranches, { disabled, handle: ({ principal, body }) => repositories.createBranch(principal, body) }),
    bindRoute(operations.getRepositoriesBranchesBranchNameLog, { disabled, handle: ({ principal, params, query }) => repositories.log(principal, params.branch_name, query) }),
    bindRoute(operations.getRepositoriesBranchesBranchNameDiff, { disabled, handle: ({ principal, params, query }) => repositories.diff(principal, params.branch_name, query) }),
    bindRoute(operations.postRepositoriesMerge, { disabled, handle: ({ principal, body }) => repositories.merge(principal, body) }),
    bindRoute(operations.getRepositoriesMergePreview, { disabled, handle: ({ principal, query }) => repositories.mergePreview(principal, query.branch_name) }),
    bindRoute(operations.getRepositoriesMergeObject, { disabled, handle: ({ principal, query }) => repositories.mergeObject(principal, query.branch_name, query.object_path) }),
    bindRoute(operations.deleteRepositoriesMerge, { disabled, handle: ({ principal }) => repositories.abortMerge(principal) }),
    bindRoute(operations.postRepositoriesPull, { disabled, handle: ({ principal, body }) => repositories.pull(principal, body) }),
  ];
}
