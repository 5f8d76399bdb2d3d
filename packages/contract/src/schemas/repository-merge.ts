import { z } from "zod";
import { BranchName, RepositoryObjectPath } from "./repositories";

/**
 * Baton extension: what a merge would bring into the active branch, per object, computed three-way
 * from the merge base: added, modified or deleted on the merged branch only, changed on both sides
 * and merged cleanly (`both`), or changed on both sides in the same lines (`conflict`, predicted
 * before merging). Changes the active branch made alone are not listed: the merge keeps them.
 */
export const MERGE_PREVIEW_CHANGES = ["added", "modified", "deleted", "both", "conflict"] as const;
export const MergePreviewChange = z.enum(MERGE_PREVIEW_CHANGES);
export type MergePreviewChange = z.infer<typeof MergePreviewChange>;

export const OutMergePreviewEntry = z.object({ name: z.string(), type: z.string(), path: z.string(), change: MergePreviewChange });
export type OutMergePreviewEntry = z.infer<typeof OutMergePreviewEntry>;

/**
 * Baton extension: the preview of merging `branch_name` into the active branch. `status` says
 * whether there is anything to merge (`up_to_date`: nothing), whether the merge is a fast-forward,
 * and whether it will stop on conflicts. `ahead` counts the branch's commits the active branch
 * lacks, `behind` the active branch's commits the branch lacks. `hidden` counts the objects the
 * merge changes whose definitions the requesting user may not read (left out of `data`).
 */
export const OutRepositoryMergePreview = z.object({
  branch_name: z.string(),
  active_branch: z.string(),
  status: z.enum(["up_to_date", "fast_forward", "merge", "conflicts"]),
  base_commit: z.string().nullable(),
  head_commit: z.string(),
  theirs_commit: z.string(),
  ahead: z.int(),
  behind: z.int(),
  counts: z.record(MergePreviewChange, z.int()),
  hidden: z.int(),
  data: z.array(OutMergePreviewEntry),
});
export type OutRepositoryMergePreview = z.infer<typeof OutRepositoryMergePreview>;

export const RepositoryMergePreviewQuery = z.object({ branch_name: BranchName });
export type RepositoryMergePreviewQuery = z.infer<typeof RepositoryMergePreviewQuery>;

export const RepositoryMergeObjectQuery = z.object({ branch_name: BranchName, object_path: RepositoryObjectPath });
export type RepositoryMergeObjectQuery = z.infer<typeof RepositoryMergeObjectQuery>;

/** One side of a three-way view: the commit and the file's text there (empty and `exists: false` when it has no such file). */
const MergeSide = z.object({ commit_id: z.string().nullable(), exists: z.boolean(), content: z.string() });

/**
 * Baton extension: one object file at the merge base, on the active branch (ours) and on the
 * merged branch (theirs): the three versions a conflict is resolved from.
 */
export const OutRepositoryMergeObject = z.object({ path: z.string(), base: MergeSide, ours: MergeSide, theirs: MergeSide });
export type OutRepositoryMergeObject = z.infer<typeof OutRepositoryMergeObject>;
