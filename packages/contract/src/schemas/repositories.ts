import { z } from "zod";
import { QueryInt, QueryList } from "./primitives";

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

/** OutRepo: the repository of a client. */
export const OutRepo = z.object({
  repository_url: z.string(),
  active_branch: z.string(),
  head_commit: z.string(),
  status: RepositoryStatus,
});
export type OutRepo = z.infer<typeof OutRepo>;

/** InRepositoryInit: where the client's repository lives and who commits. */
export const InRepositoryInit = z.object({
  repository_url: z.string().min(1).max(2000).refine((url) => !url.startsWith("-"), "must not start with '-'"),
  branch: BranchName,
  username: z.string().max(200).optional(),
  password: z.string().max(1000).optional(),
  author_name: z.string().min(1).max(200).optional(),
  author_email: z.string().min(1).max(200).optional(),
});
export type InRepositoryInit = z.infer<typeof InRepositoryInit>;

export const OutRepositoryInit = z.object({ repository_url: z.string(), branch: z.string(), head_commit: z.string() });
export type OutRepositoryInit = z.infer<typeof OutRepositoryInit>;

export const REPOSITORY_CHANGES = ["added", "modified", "deleted"] as const;

/** One object whose definition differs from HEAD. */
export const OutRepositoryChange = z.object({ name: z.string(), type: z.string(), path: z.string(), change: z.enum(REPOSITORY_CHANGES) });
export type OutRepositoryChange = z.infer<typeof OutRepositoryChange>;

export const OutRepositoryUncommittedChanges = z.object({ data: z.array(OutRepositoryChange), total: z.int().optional() });
export type OutRepositoryUncommittedChanges = z.infer<typeof OutRepositoryUncommittedChanges>;

export const RepositoryChangesQuery = z.object({ fields: QueryList.pipe(z.array(z.literal("total"))).optional() });

/** InCommitParameters: all changed objects, or those named. */
export const InCommitParameters = z.object({ message: z.string().min(1).max(10000), objects: z.array(z.string().min(1).max(200)).max(10000).optional() });
export type InCommitParameters = z.infer<typeof InCommitParameters>;

export const OutRepositoryCommit = z.object({ commit_id: z.string(), message: z.string(), changed: z.int() });
export type OutRepositoryCommit = z.infer<typeof OutRepositoryCommit>;

/** Paging of branch lists and logs. */
export const RepositoryPageQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  start_at: QueryInt.pipe(z.int().min(0)).default(0),
});
export type RepositoryPageQuery = z.infer<typeof RepositoryPageQuery>;

export const OutRepositoryBranchEntry = z.object({ name: z.string(), commit_id: z.string(), message: z.string(), active: z.boolean() });
export const OutRepositoryLogEntry = z.object({ commit_id: z.string(), message: z.string(), author: z.string(), timestamp: z.string() });

/** OutRepositoryHistory: a page of branches or of commits. */
export function repositoryHistory<T extends z.ZodType>(entry: T) {
  return z.object({ total: z.int(), data: z.array(entry), hasmore: z.boolean() });
}
export const OutRepositoryBranches = repositoryHistory(OutRepositoryBranchEntry);
export type OutRepositoryBranches = z.infer<typeof OutRepositoryBranches>;
export const OutRepositoryLog = repositoryHistory(OutRepositoryLogEntry);
export type OutRepositoryLog = z.infer<typeof OutRepositoryLog>;

export const InCreateBranchParameters = z.object({ branch_name: BranchName, start_point: z.union([BranchName, CommitId]).optional(), switch: z.boolean().default(false) });
export type InCreateBranchParameters = z.infer<typeof InCreateBranchParameters>;

export const OutRepositoryBranch = z.object({ name: z.string(), commit_id: z.string() });
export type OutRepositoryBranch = z.infer<typeof OutRepositoryBranch>;

export const RepositoryDiffQuery = z.object({ branch_name_theirs: BranchName, object_path_ours: RepositoryObjectPath, object_path_theirs: RepositoryObjectPath });
export type RepositoryDiffQuery = z.infer<typeof RepositoryDiffQuery>;

const DiffSide = z.object({ branch: z.string(), path: z.string(), content: z.string() });
export const OutRepositoryDiff = z.object({ ours: DiffSide, theirs: DiffSide });
export type OutRepositoryDiff = z.infer<typeof OutRepositoryDiff>;
