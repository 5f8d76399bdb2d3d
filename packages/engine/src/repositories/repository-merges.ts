import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorCode, type InCommitParameters, type OutRepositoryCommit, type OutRepositoryMerge } from "@baton/contract";
import { z } from "zod";
import type { Principal } from "../auth/authenticator";
import { ConflictError, ConflictsError } from "../domain/errors";
import { requireCommit } from "./commit-refs";
import type { GitAuthor, GitWorkspace } from "./git-workspace";
import type { HeadMoves } from "./head-moves";
import { resolvedFile } from "./merge-resolutions";

/** A merge with conflicts waiting for its resolutions (kept in the work tree's `.git`). */
const MergeState = z.object({
  branchName: z.string(),
  /** The merged branch's commit and the active branch's head when the merge began. */
  theirs: z.string(),
  head: z.string(),
  /** The merged tree (conflicted files with markers) and the conflicted files. */
  tree: z.string(),
  conflicts: z.array(z.string()),
});
export type MergeState = z.infer<typeof MergeState>;

/** The merge waiting for its resolutions, or undefined when the repository is not merging. */
export async function readMergeState(git: GitWorkspace): Promise<MergeState | undefined> {
  const text = await readFile(mergeStateFile(git), "utf8").catch(() => undefined);
  return text === undefined ? undefined : MergeState.parse(JSON.parse(text));
}

/** Refuses (409) while a merge waits for its resolutions. */
export async function requireNoMerge(git: GitWorkspace): Promise<void> {
  if (await readMergeState(git)) throw new ConflictError(ErrorCode.CONFLICT, "A merge is in progress.", "Complete it with a commit that resolves its conflicts, or abort it (DELETE .../repositories/merge).");
}

/** Forgets the merge waiting for its resolutions: the repository is no longer merging. */
export async function clearMergeState(git: GitWorkspace): Promise<void> {
  await rm(mergeStateFile(git), { force: true });
}

/**
 * Merges a branch into the active one. A clean merge (or fast-forward) is pushed and imported; a
 * merge with conflicts imports nothing and leaves the repository merging until a commit with
 * resolutions completes it (completeMerge) or it is aborted.
 */
export async function mergeBranch(moves: HeadMoves, principal: Principal, git: GitWorkspace, branchName: string, author: GitAuthor): Promise<OutRepositoryMerge> {
  await requireNoMerge(git);
  const theirs = await requireCommit(git, branchName);
  const [branch, head] = [await git.currentBranch(), await git.head()];
  if (await git.isAncestor(theirs, head)) return { status: "up_to_date", commit_id: head, imported: 0 };
  const merged = (await git.isAncestor(head, theirs)) ? { tree: await git.treeOf(theirs), conflicts: [], fastForward: true } : { ...(await git.mergeTrees(head, theirs)), fastForward: false };
  if (merged.conflicts.length > 0) {
    const state: MergeState = { branchName, theirs, head, tree: merged.tree, conflicts: merged.conflicts };
    await writeFile(mergeStateFile(git), JSON.stringify(state));
    return { status: "conflicts", conflicts: merged.conflicts };
  }
  const next = merged.fastForward ? theirs : await git.commitTree(merged.tree, [head, theirs], `Merge branch '${branchName}' into ${branch}`, author);
  const imported = await moves.moveHead(principal, git, { branch, head, next, overwrite: false, push: true });
  return { status: "merged", commit_id: next, imported };
}

/**
 * Completes a merge: the merged files, each conflict resolved as asked (ours, theirs, the object's
 * current definition or an edited result), committed with both parents, pushed and imported. The
 * import checks every definition before the commit is pushed or anything written, so that a
 * result that is not a valid definition is refused (400) and the repository stays merging.
 */
export async function completeMerge(moves: HeadMoves, principal: Principal, git: GitWorkspace, merge: MergeState, input: InCommitParameters, author: GitAuthor): Promise<OutRepositoryCommit> {
  if (input.objects !== undefined) throw new ConflictError(ErrorCode.CONFLICT, "A merge is committed whole.", "leave out objects while completing a merge");
  const resolutions = input.resolutions ?? {};
  const unresolved = merge.conflicts.filter((path) => resolutions[path] === undefined);
  if (unresolved.length > 0) throw new ConflictsError(unresolved.map((path) => ({ code: ErrorCode.CONFLICT, path: `resolutions.${path}`, error: "needs a resolution: ours, theirs, current or an edited result ({\"content\": ...})", invalidValue: null })));
  const current = await moves.currentTree(principal, git);
  const files = new Map<string, string | undefined>();
  for (const path of merge.conflicts) files.set(path, await resolvedFile(git, merge, current, path, resolutions[path] ?? "current"));
  const branch = await git.currentBranch();
  const next = await git.commitTree(await git.replaceInTree(merge.tree, files), [merge.head, merge.theirs], input.message, author);
  const changed = (await git.changedFiles(merge.head, next)).length;
  await moves.importMove(principal, git, merge.head, next, () => git.push(next, branch));
  await git.resetTo(next);
  await clearMergeState(git);
  return { commit_id: next, message: input.message, changed };
}

function mergeStateFile(git: GitWorkspace): string {
  return join(git.dir, ".git", "baton-merge.json");
}
