import { ErrorCode, type MergePreviewChange, type OutMergePreviewEntry, type OutRepositoryMergeObject, type OutRepositoryMergePreview } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { mayReadObject } from "../auth/acts";
import { NotFoundError } from "../domain/errors";
import { requireCommit } from "./commit-refs";
import { requireReadableFile } from "./file-rights";
import type { GitWorkspace, TreeMerge } from "./git-workspace";
import { describeFileText } from "./object-files";
import { readMergeState } from "./repository-merges";

/** git's empty tree: the "base" of two histories that share no commit. */
const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/** The commits a merge of `branchName` joins, and their merge base. */
interface MergeSides {
  branch: string;
  head: string;
  theirs: string;
  base: string | undefined;
}

/**
 * The two sides of merging `branchName` into the active branch: the head and the branch's tip, or,
 * while that branch's merge waits for its resolutions, the commits that merge began with (so that
 * the three-way view shows what the conflict was made of, even if the branch moved since).
 */
async function mergeSides(git: GitWorkspace, branchName: string): Promise<MergeSides> {
  const merge = await readMergeState(git);
  const [head, theirs] = merge?.branchName === branchName ? [merge.head, merge.theirs] : [await git.head(), await requireCommit(git, branchName)];
  return { branch: await git.currentBranch(), head, theirs, base: await git.mergeBase(head, theirs) };
}

/**
 * What merging `branchName` into the active branch would do, computed as git merges: three-way
 * from the merge base (`git merge-tree --write-tree`, nothing written to the branch or the work
 * tree). Each object the merge changes on the active branch is listed with how: added, modified
 * or deleted by the branch alone, changed on both sides and merged cleanly, or in conflict. What
 * the active branch changed alone stays as it is and is not listed. Objects the principal may not
 * read are counted in `hidden`, never described.
 */
export async function previewMerge(principal: Principal, git: GitWorkspace, branchName: string): Promise<OutRepositoryMergePreview> {
  const sides = await mergeSides(git, branchName);
  const { ahead, behind } = await git.aheadBehind(sides.head, sides.theirs);
  const summary = { branch_name: branchName, active_branch: sides.branch, base_commit: sides.base ?? null, head_commit: sides.head, theirs_commit: sides.theirs, ahead, behind };
  if (await git.isAncestor(sides.theirs, sides.head)) return { ...summary, status: "up_to_date", counts: countChanges([]), hidden: 0, data: [] };
  const fastForward = await git.isAncestor(sides.head, sides.theirs);
  const merged: TreeMerge = fastForward ? { tree: await git.treeOf(sides.theirs), conflicts: [] } : await git.mergeTrees(sides.head, sides.theirs);
  const entries = await incomingChanges(git, sides, merged);
  const data = entries.filter((entry) => mayReadObject(principal, { type: entry.type, name: entry.name }));
  const status = fastForward ? "fast_forward" : merged.conflicts.length > 0 ? "conflicts" : "merge";
  return { ...summary, status, counts: countChanges(data), hidden: entries.length - data.length, data };
}

/** Every object file the merged tree changes against the head, described from the side that has it. */
async function incomingChanges(git: GitWorkspace, sides: MergeSides, merged: TreeMerge): Promise<OutMergePreviewEntry[]> {
  const conflicts = new Set(merged.conflicts);
  const ours = new Set((await git.changedFiles(sides.base ?? EMPTY_TREE, sides.head)).map((file) => file.path));
  const changes = new Map<string, MergePreviewChange>((await git.changedFiles(sides.head, merged.tree)).map((file) => [file.path, file.change]));
  for (const path of conflicts) changes.set(path, "conflict");
  // A conflicted file holds markers in the merged tree: the object is read from either side.
  const paths = [...changes.keys()];
  const [theirs, head] = [await git.showAll(paths.map((path) => ({ commit: sides.theirs, path }))), await git.showAll(paths.map((path) => ({ commit: sides.head, path })))];
  const entries: OutMergePreviewEntry[] = [];
  paths.forEach((path, i) => {
    const found = changes.get(path) ?? "modified";
    const change = found === "modified" && ours.has(path) ? "both" : found;
    const described = describeFileText(theirs[i] ?? head[i] ?? "");
    if (described) entries.push({ name: described.name, type: described.typeKey.toUpperCase(), path, change });
  });
  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function countChanges(entries: readonly OutMergePreviewEntry[]): Record<MergePreviewChange, number> {
  const counts: Record<MergePreviewChange, number> = { added: 0, modified: 0, deleted: 0, both: 0, conflict: 0 };
  for (const entry of entries) counts[entry.change] += 1;
  return counts;
}

/**
 * One object file at the merge base, on the active branch and on `branchName`: the versions a
 * three-way view shows. 403 when the principal may not read the object on any side.
 */
export async function mergeObjectVersions(principal: Principal, git: GitWorkspace, branchName: string, path: string): Promise<OutRepositoryMergeObject> {
  const sides = await mergeSides(git, branchName);
  const side = async (commit: string | undefined) => {
    const content = commit === undefined ? undefined : await git.show(commit, path);
    requireReadableFile(principal, content);
    return { commit_id: commit ?? null, exists: content !== undefined, content: content ?? "" };
  };
  const versions = { path, base: await side(sides.base), ours: await side(sides.head), theirs: await side(sides.theirs) };
  if (!versions.base.exists && !versions.ours.exists && !versions.theirs.exists) throw new NotFoundError(ErrorCode.NOT_FOUND, "Object file not found.", `${path} is on neither branch nor at their merge base`);
  return versions;
}
