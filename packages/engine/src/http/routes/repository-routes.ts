import {
  BranchName,
  CommitId,
  InCommitParameters,
  InCreateBranchParameters,
  InMergeParameters,
  InRepositoryInit,
  InRepositoryPull,
  jsonAnswer,
  emptyAnswer,
  OutRepo,
  OutRepositoryBranch,
  OutRepositoryBranches,
  OutRepositoryCommit,
  OutRepositoryComparison,
  OutRepositoryDiff,
  OutRepositoryInit,
  OutRepositoryLog,
  OutRepositoryMerge,
  OutRepositoryPull,
  OutRepositoryRollback,
  OutRepositoryUncommittedChanges,
  RepositoryChangeDiffQuery,
  RepositoryChangesQuery,
  RepositoryCompareQuery,
  RepositoryDiffQuery,
  RepositoryPageQuery,
} from "@baton/contract";
import type { Principal } from "../../auth/authenticator";
import { requirePrivilege } from "../../auth/access";
import type { RepositoryService } from "../../repositories/repository-service";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

const BranchParams = ClientParams.extend({ branch_name: BranchName });
const CommitParams = ClientParams.extend({ commit_id: CommitId });

/** The repository endpoints of the interface, and two for reviewing (compare, changes/diff). */
export function repositoryRoutes(repositories: RepositoryService) {
  // Everything but the initialisation answers 404 RESOURCE_DISABLED until the client has a repository;
  // the privilege comes first, so that a user without it does not learn whether there is one.
  const disabled = async (principal: Principal) => {
    requirePrivilege(principal, "REPOSITORY");
    return repositories.disabledReason(principal.client);
  };
  const base = "/:client_id/repositories";
  return [
    defineRoute({ method: "GET", path: base, summary: "The repository of the client: URL, branch, head and merge state", answer: jsonAnswer(OutRepo, "The repository"), params: ClientParams, query: noParams, body: noBody, disabled, handle: ({ principal }) => repositories.info(principal) }),
    defineRoute({ method: "POST", path: base, summary: "Initialises the repository of the client from a Git URL", answer: jsonAnswer(OutRepositoryInit, "The repository was cloned or created"), params: ClientParams, query: noParams, body: InRepositoryInit, handle: ({ principal, body }) => repositories.init(principal, body) }),
    defineRoute({
      method: "GET",
      path: `${base}/changes`,
      summary: "The objects changed since the last commit",
      answer: jsonAnswer(OutRepositoryUncommittedChanges, "The uncommitted changes"),
      params: ClientParams,
      query: RepositoryChangesQuery,
      body: noBody,
      disabled,
      handle: async ({ principal, query }) => {
        const data = await repositories.changes(principal);
        return { data, ...(query.fields?.includes("total") && { total: data.length }) };
      },
    }),
    defineRoute({ method: "GET", path: `${base}/changes/diff`, summary: "An uncommitted change: the committed and the current definition of one object", answer: jsonAnswer(OutRepositoryDiff, "Both sides of the change"), params: ClientParams, query: RepositoryChangeDiffQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.changeDiff(principal, query.object_path) }),
    defineRoute({ method: "GET", path: `${base}/compare`, summary: "The objects that differ between two branches or commits", answer: jsonAnswer(OutRepositoryComparison, "The changed objects"), params: ClientParams, query: RepositoryCompareQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.compare(principal, query) }),
    defineRoute({ method: "POST", path: `${base}/commits`, summary: "Commits the changed objects and pushes them", answer: jsonAnswer(OutRepositoryCommit, "The new commit"), params: ClientParams, query: noParams, body: InCommitParameters, disabled, handle: ({ principal, body }) => repositories.commit(principal, body) }),
    defineRoute({ method: "POST", path: `${base}/commits/:commit_id`, summary: "Moves the head to a commit's version as a new commit and imports it", answer: jsonAnswer(OutRepositoryRollback, "The restore commit and the number of objects imported"), params: CommitParams, query: noParams, body: noBody, disabled, handle: ({ principal, params }) => repositories.rollback(principal, params.commit_id) }),
    defineRoute({ method: "GET", path: `${base}/branches`, summary: "The branches", answer: jsonAnswer(OutRepositoryBranches, "A page of branches"), params: ClientParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, query }) => repositories.branches(principal, query) }),
    defineRoute({ method: "POST", path: `${base}/branches`, summary: "Creates a branch and optionally switches to it", answer: jsonAnswer(OutRepositoryBranch, "The new branch"), params: ClientParams, query: noParams, body: InCreateBranchParameters, disabled, handle: ({ principal, body }) => repositories.createBranch(principal, body) }),
    defineRoute({ method: "GET", path: `${base}/branches/:branch_name/log`, summary: "The commits of a branch, newest first", answer: jsonAnswer(OutRepositoryLog, "A page of commits"), params: BranchParams, query: RepositoryPageQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.log(principal, params.branch_name, query) }),
    defineRoute({ method: "GET", path: `${base}/branches/:branch_name/diff`, summary: "One object in two branches or commits", answer: jsonAnswer(OutRepositoryDiff, "Both versions"), params: BranchParams, query: RepositoryDiffQuery, body: noBody, disabled, handle: ({ principal, params, query }) => repositories.diff(principal, params.branch_name, query) }),
    defineRoute({ method: "POST", path: `${base}/merge`, summary: "Merges a branch into the active one", answer: jsonAnswer(OutRepositoryMerge, "Merged, or merging with the conflicts listed"), params: ClientParams, query: noParams, body: InMergeParameters, disabled, handle: ({ principal, body }) => repositories.merge(principal, body) }),
    defineRoute({ method: "DELETE", path: `${base}/merge`, summary: "Aborts a merge with conflicts; outside a merge there is nothing to abort and it answers 200 too", answer: emptyAnswer("The merge was aborted, or there was none"), params: ClientParams, query: noParams, body: noBody, disabled, handle: ({ principal }) => repositories.abortMerge(principal) }),
    defineRoute({ method: "POST", path: `${base}/pull`, summary: "Pulls the active branch from the remote and imports it", answer: jsonAnswer(OutRepositoryPull, "Pulled, or already up to date"), params: ClientParams, query: noParams, body: InRepositoryPull, disabled, handle: ({ principal, body }) => repositories.pull(principal, body) }),
  ];
}
