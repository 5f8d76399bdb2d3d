import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { QueryInt, queryListOf } from "./primitives";

/**
 * A branch name git accepts (`git check-ref-format --branch` rules, kept to a safe subset): no
 * leading `-` or `.`, no `..`, `@{`, `//`, trailing `/`, `.lock` or `.`, no control or special characters.
 */
export const BranchName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^(?!-)(?!.*\.\.)(?!.*@\{)(?!.*\/\/)(?!.*\/\.)(?!.*\.lock(\/|$))(?!.*[/.]$)(?!\.)[A-Za-z0-9._\-/@]+$/, "is not a valid branch name");

/** A commit hash (abbreviated or full). */
export const CommitId = z.string().regex(/^[0-9a-f]{4,40}$/, "is not a commit id");

/** The path of an object's file in the repository: `FOLDER/SUB/NAME.json`, never leaving the tree. */
export const RepositoryObjectPath = z
  .string()
  .min(1)
  .max(1000)
  .regex(/^(?![/\\])(?!.*(^|[/\\])\.\.?([/\\]|$))[^\0:*?"<>|]+$/, "must be a relative path without '.' or '..' segments");

export const RepositoryStatus = z.enum(["ready", "merging"]);

/** The merge in progress: the branch being merged, its commit and the object files in conflict. */
export const OutRepositoryMergeState = z.object({ branch_name: z.string(), commit_id: z.string(), conflicts: z.array(z.string()) });
export type OutRepositoryMergeState = z.infer<typeof OutRepositoryMergeState>;

/** OutRepo: the repository of a client; `merge` only while merging. */
export const OutRepo = z.object({
  repository_url: z.string(),
  active_branch: z.string(),
  head_commit: z.string(),
  status: RepositoryStatus,
  merge: OutRepositoryMergeState.optional(),
});
export type OutRepo = z.infer<typeof OutRepo>;

/** InRepositoryInit: where the client's repository lives and who commits. */
export const InRepositoryInit = acceptClientSpellings(z.object({
  repository_url: z.string().min(1).max(2000).refine((url) => !url.startsWith("-"), "must not start with '-'"),
  branch: BranchName,
  username: z.string().max(200).optional(),
  password: z.string().max(1000).optional(),
  author_name: z.string().min(1).max(200).optional(),
  author_email: z.string().min(1).max(200).optional(),
}));
export type InRepositoryInit = z.infer<typeof InRepositoryInit>;

export const OutRepositoryInit = z.object({ repository_url: z.string(), branch: z.string(), head_commit: z.string() });
export type OutRepositoryInit = z.infer<typeof OutRepositoryInit>;

export const REPOSITORY_CHANGES = ["added", "modified", "deleted"] as const;

/** One object whose definition differs from HEAD. */
export const OutRepositoryChange = z.object({ name: z.string(), type: z.string(), path: z.string(), change: z.enum(REPOSITORY_CHANGES) });
export type OutRepositoryChange = z.infer<typeof OutRepositoryChange>;

export const OutRepositoryUncommittedChanges = z.object({ data: z.array(OutRepositoryChange), total: z.int().optional() });
export type OutRepositoryUncommittedChanges = z.infer<typeof OutRepositoryUncommittedChanges>;

export const RepositoryChangesQuery = z.object({ fields: queryListOf((v) => (v === "total" ? v : undefined), "is not one of total").optional() });

/**
 * How a conflict of a merge is resolved: the active branch's version, the merged branch's, or the
 * definition the object has in Baton now (edited by hand).
 */
export const CONFLICT_RESOLUTIONS = ["ours", "theirs", "current"] as const;
export const ConflictResolution = z.enum(CONFLICT_RESOLUTIONS);
export type ConflictResolution = z.infer<typeof ConflictResolution>;

/**
 * Baton extension: a conflict resolved with an edited result, the object file's whole text (the
 * object's export format). It must define the conflicted object (same type and name) and be a valid
 * definition; otherwise completing the merge answers 400 and changes nothing.
 */
export const EditedResolution = z.object({ content: z.string().min(1).max(1024 * 1024) });
export type EditedResolution = z.infer<typeof EditedResolution>;

/** How one conflict is resolved: a version by name (ConflictResolution) or an edited result. */
export const MergeResolution = z.union([ConflictResolution, EditedResolution]);
export type MergeResolution = z.infer<typeof MergeResolution>;

/**
 * InCommitParameters: all changed objects, or those named. While merging, the commit completes the
 * merge and `resolutions` names a resolution for every file in conflict.
 */
export const InCommitParameters = acceptClientSpellings(z.object({
  message: z.string().min(1).max(10000),
  objects: z.array(z.string().min(1).max(200)).max(10000).optional(),
  resolutions: z.record(RepositoryObjectPath, MergeResolution).optional(),
}));
export type InCommitParameters = z.infer<typeof InCommitParameters>;

export const OutRepositoryCommit = z.object({ commit_id: z.string(), message: z.string(), changed: z.int() });
export type OutRepositoryCommit = z.infer<typeof OutRepositoryCommit>;

/** Paging of branch lists and logs. */
export const RepositoryPageQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  start_at: QueryInt.pipe(z.int().min(0)).default(0),
});
export type RepositoryPageQuery = z.infer<typeof RepositoryPageQuery>;

/**
 * A branch; `ahead` and `behind` (Baton extension) count its commits the active branch lacks and
 * the active branch's commits it lacks.
 */
export const OutRepositoryBranchEntry = z.object({ name: z.string(), commit_id: z.string(), message: z.string(), active: z.boolean(), ahead: z.int().optional(), behind: z.int().optional() });
/** A commit of a log; `parents` (Baton extension) are its parent commits, the first on the same branch. */
export const OutRepositoryLogEntry = z.object({ commit_id: z.string(), message: z.string(), author: z.string(), timestamp: z.string(), parents: z.array(z.string()) });

/** OutRepositoryHistory: a page of branches or of commits. */
export function repositoryHistory<T extends z.ZodType>(entry: T) {
  return z.object({ total: z.int(), data: z.array(entry), hasmore: z.boolean() });
}
export const OutRepositoryBranches = repositoryHistory(OutRepositoryBranchEntry);
export type OutRepositoryBranches = z.infer<typeof OutRepositoryBranches>;
export const OutRepositoryLog = repositoryHistory(OutRepositoryLogEntry);
export type OutRepositoryLog = z.infer<typeof OutRepositoryLog>;

/**
 * InCreateBranchParameters: a new branch (at `start_point`, else HEAD), made active with `switch`;
 * naming an existing branch with `switch` and without `start_point` switches to it. Switching
 * imports the branch's definitions; `overwrite` lets that replace objects with uncommitted changes.
 */
export const InCreateBranchParameters = acceptClientSpellings(z.object({
  branch_name: BranchName,
  start_point: z.union([BranchName, CommitId]).optional(),
  switch: z.boolean().default(false),
  overwrite: z.boolean().default(false),
}));
export type InCreateBranchParameters = z.infer<typeof InCreateBranchParameters>;

export const OutRepositoryBranch = z.object({ name: z.string(), commit_id: z.string() });
export type OutRepositoryBranch = z.infer<typeof OutRepositoryBranch>;

export const RepositoryDiffQuery = z.object({ branch_name_theirs: BranchName, object_path_ours: RepositoryObjectPath, object_path_theirs: RepositoryObjectPath });
export type RepositoryDiffQuery = z.infer<typeof RepositoryDiffQuery>;

const DiffSide = z.object({ branch: z.string(), path: z.string(), content: z.string() });
export const OutRepositoryDiff = z.object({ ours: DiffSide, theirs: DiffSide });
export type OutRepositoryDiff = z.infer<typeof OutRepositoryDiff>;

/** OutRepositoryRollback: the head moved to a commit's definitions (a new commit), and how many objects were imported or deleted. */
export const OutRepositoryRollback = z.object({ commit_id: z.string(), imported: z.int() });
export type OutRepositoryRollback = z.infer<typeof OutRepositoryRollback>;

/** InMergeParameters: the branch to merge into the active one. */
export const InMergeParameters = acceptClientSpellings(z.object({ branch_name: BranchName }));
export type InMergeParameters = z.infer<typeof InMergeParameters>;

/** OutRepositoryMerge: merged (and imported), nothing to merge, or conflicts (state "merging", nothing imported). */
export const OutRepositoryMerge = z.discriminatedUnion("status", [
  z.object({ status: z.literal("merged"), commit_id: z.string(), imported: z.int() }),
  z.object({ status: z.literal("up_to_date"), commit_id: z.string(), imported: z.literal(0) }),
  z.object({ status: z.literal("conflicts"), conflicts: z.array(z.string()) }),
]);
export type OutRepositoryMerge = z.infer<typeof OutRepositoryMerge>;

/** InRepositoryPull: `overwrite` lets the pull replace objects with uncommitted changes. */
export const InRepositoryPull = acceptClientSpellings(z.object({ overwrite: z.boolean().default(false) }));
export type InRepositoryPull = z.infer<typeof InRepositoryPull>;

/** OutRepositoryPull: the head after the pull and how many objects were imported or deleted. */
export const OutRepositoryPull = z.object({ status: z.enum(["pulled", "up_to_date"]), commit_id: z.string(), imported: z.int() });
export type OutRepositoryPull = z.infer<typeof OutRepositoryPull>;

/** A branch or a commit id. */
export const RepositoryRef = z.union([BranchName, CommitId]);

/** Baton extension: the object files that differ between two branches or commits (`from` → `to`). */
export const RepositoryCompareQuery = z.object({ from: RepositoryRef, to: RepositoryRef });
export type RepositoryCompareQuery = z.infer<typeof RepositoryCompareQuery>;
export const OutRepositoryComparison = z.object({ data: z.array(OutRepositoryChange), total: z.int() });
export type OutRepositoryComparison = z.infer<typeof OutRepositoryComparison>;

/**
 * Baton extension: an uncommitted change as OutRepositoryDiff: `ours` is the file at HEAD of the
 * active branch, `theirs` the object's current definition (`branch` empty). A side without the
 * file has empty content.
 */
export const RepositoryChangeDiffQuery = z.object({ object_path: RepositoryObjectPath });
export type RepositoryChangeDiffQuery = z.infer<typeof RepositoryChangeDiffQuery>;
