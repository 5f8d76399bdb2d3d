import { MERGE_PREVIEW_CHANGES, type MergePreviewChange, type OutRepositoryMergePreview } from "@baton/contract";
import { counted } from "../../../lib/counted";

/** Each change of a merge preview in words; the order is the order they are told in. */
export const MERGE_CHANGE_WORDS: Readonly<Record<MergePreviewChange, string>> = {
  added: "added",
  modified: "changed",
  deleted: "deleted",
  both: "changed on both sides",
  conflict: "in conflict",
};

/** "2 objects: 1 added, 1 changed, 0 deleted, 0 changed on both sides, 0 in conflict": what a merge brings in, every kind counted. */
export function mergeCountsSentence(preview: Pick<OutRepositoryMergePreview, "counts">): string {
  const entries = MERGE_PREVIEW_CHANGES.map((change) => `${preview.counts[change]} ${MERGE_CHANGE_WORDS[change]}`);
  const total = Object.values(preview.counts).reduce((sum, count) => sum + count, 0);
  return `${counted(total, "object")}: ${entries.join(", ")}`;
}

/** "1 commit ahead, 2 behind": where a branch stands against the active one. */
export function aheadBehindText(ahead: number, behind: number): string {
  return `${counted(ahead, "commit")} ahead, ${behind} behind`;
}
