import { emptyAnswer, jsonAnswer } from "../openapi/answers";
import {
  BranchName,
  CommitId,
  InCommitParameters,
  InCreateBranchParameters,
  InMergeParameters,
  InRepositoryInit,
  InRepositoryPull,
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
} from "../schemas/repositories";
import { OutRepositoryMergeObject, OutRepositoryMergePreview, RepositoryMergeObjectQuery, RepositoryMergePreviewQuery } from "../schemas/repository-merge";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const BranchParams = ClientParams.extend({ branch_name: BranchName });
const CommitParams = ClientParams.extend({ commit_id: CommitId });
const base = "/:client_id/repositories";

/** The repository operations of the interface, and Baton extensions for reviewing (compare, changes/diff) and previewing a merge (merge/preview, merge/object). */
export const repositoryOperations = {
  getRepositories: defineOperation({ method: "GET", path: base, summary: "The repository of the client: URL, branch, head and merge state", answer: jsonAnswer(OutRepo, "The repository"), params: ClientParams, query: noParams, body: noBody }),
  postRepositories: defineOperation({ method: "POST", path: base, summary: "Initialises the repository of the client from a Git URL", answer: jsonAnswer(OutRepositoryInit, "The repository was cloned or created"), params: ClientParams, query: noParams, body: InRepositoryInit }),
  getRepositoriesChanges: defineOperation({ method: "GET", path: `${base}/changes`, summary: "The objects changed since the last commit", answer: jsonAnswer(OutRepositoryUncommittedChanges, "The uncommitted changes"), params: ClientParams, query: RepositoryChangesQuery, body: noBody }),
  getRepositoriesChangesDiff: defineOperation({ method: "GET", path: `${base}/changes/diff`, summary: "An uncommitted change: the committed and the current definition of one object", answer: jsonAnswer(OutRepositoryDiff, "Both sides of the change"), params: ClientParams, query: RepositoryChangeDiffQuery, body: noBody }),
  getRepositoriesCompare: defineOperation({ method: "GET", path: `${base}/compare`, summary: "The objects that differ between two branches or commits", answer: jsonAnswer(OutRepositoryComparison, "The changed objects"), params: ClientParams, query: RepositoryCompareQuery, body: noBody }),
  postRepositoriesCommits: defineOperation({ method: "POST", path: `${base}/commits`, summary: "Commits the changed objects and pushes them", answer: jsonAnswer(OutRepositoryCommit, "The new commit"), params: ClientParams, query: noParams, body: InCommitParameters }),
  postRepositoriesCommitsCommitId: defineOperation({ method: "POST", path: `${base}/commits/:commit_id`, summary: "Moves the head to a commit's version as a new commit and imports it", answer: jsonAnswer(OutRepositoryRollback, "The restore commit and the number of objects imported"), params: CommitParams, query: noParams, body: noBody }),
  getRepositoriesBranches: defineOperation({ method: "GET", path: `${base}/branches`, summary: "The branches", answer: jsonAnswer(OutRepositoryBranches, "A page of branches"), params: ClientParams, query: RepositoryPageQuery, body: noBody }),
  postRepositoriesBranches: defineOperation({ method: "POST", path: `${base}/branches`, summary: "Creates a branch and optionally switches to it", answer: jsonAnswer(OutRepositoryBranch, "The new branch"), params: ClientParams, query: noParams, body: InCreateBranchParameters }),
  getRepositoriesBranchesBranchNameLog: defineOperation({ method: "GET", path: `${base}/branches/:branch_name/log`, summary: "The commits of a branch, newest first", answer: jsonAnswer(OutRepositoryLog, "A page of commits"), params: BranchParams, query: RepositoryPageQuery, body: noBody }),
  getRepositoriesBranchesBranchNameDiff: defineOperation({ method: "GET", path: `${base}/branches/:branch_name/diff`, summary: "One object in two branches or commits", answer: jsonAnswer(OutRepositoryDiff, "Both versions"), params: BranchParams, query: RepositoryDiffQuery, body: noBody }),
  postRepositoriesMerge: defineOperation({ method: "POST", path: `${base}/merge`, summary: "Merges a branch into the active one", answer: jsonAnswer(OutRepositoryMerge, "Merged, or merging with the conflicts listed"), params: ClientParams, query: noParams, body: InMergeParameters }),
  getRepositoriesMergePreview: defineOperation({
    method: "GET",
    path: `${base}/merge/preview`,
    summary: "What merging a branch into the active one would bring in, three-way from the merge base, with the conflicts it would stop on (Baton extension)",
    answer: jsonAnswer(OutRepositoryMergePreview, "The preview of the merge"),
    params: ClientParams,
    query: RepositoryMergePreviewQuery,
    body: noBody,
  }),
  getRepositoriesMergeObject: defineOperation({
    method: "GET",
    path: `${base}/merge/object`,
    summary: "One object file at the merge base, on the active branch and on the branch to merge: the three versions of a three-way view (Baton extension)",
    answer: jsonAnswer(OutRepositoryMergeObject, "The three versions"),
    params: ClientParams,
    query: RepositoryMergeObjectQuery,
    body: noBody,
  }),
  deleteRepositoriesMerge: defineOperation({ method: "DELETE", path: `${base}/merge`, summary: "Aborts a merge with conflicts; outside a merge there is nothing to abort and it answers 200 too", answer: emptyAnswer("The merge was aborted, or there was none"), params: ClientParams, query: noParams, body: noBody }),
  postRepositoriesPull: defineOperation({ method: "POST", path: `${base}/pull`, summary: "Pulls the active branch from the remote and imports it", answer: jsonAnswer(OutRepositoryPull, "Pulled, or already up to date"), params: ClientParams, query: noParams, body: InRepositoryPull }),
};
