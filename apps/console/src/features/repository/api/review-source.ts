import { ErrorCode } from "@baton/contract";
import { isApiError } from "../../../lib/api-client";

/**
 * What a review shows: an uncommitted change (HEAD's file against the object's definition now),
 * one object file in two refs (branches or commits), or one object file three-way for a merge of
 * `branch` into the active branch (merge base, ours, theirs). Kept in the review page's URL so that every
 * diff can be linked to and reloaded.
 */
export type ReviewSource =
  | { kind: "change"; path: string }
  | { kind: "refs"; ours: string; theirs: string; pathOurs: string; pathTheirs: string }
  | { kind: "merge"; branch: string; path: string };

/** A review of two texts (get-diff): an uncommitted change or two refs. */
export type TwoSidedSource = Extract<ReviewSource, { kind: "change" | "refs" }>;

/** The review's query parameters: `path` alone for a change; `ours`, `theirs` and `path` (`theirs_path` when it moved) for refs; `merge` and `path` for a merge. */
export function reviewSearch(source: ReviewSource): URLSearchParams {
  if (source.kind === "change") return new URLSearchParams({ path: source.path });
  if (source.kind === "merge") return new URLSearchParams({ merge: source.branch, path: source.path });
  const params = new URLSearchParams({ ours: source.ours, theirs: source.theirs, path: source.pathOurs });
  if (source.pathTheirs !== source.pathOurs) params.set("theirs_path", source.pathTheirs);
  return params;
}

/** The review page's address for a source. */
export function reviewHref(source: ReviewSource): string {
  return `/repository/review?${reviewSearch(source).toString()}`;
}

/** The source a review URL names; null when it names none (no path, or only one ref). */
export function reviewSourceFromSearch(params: URLSearchParams): ReviewSource | null {
  const path = params.get("path");
  if (!path) return null;
  const merge = params.get("merge");
  if (merge) return { kind: "merge", branch: merge, path };
  const ours = params.get("ours");
  const theirs = params.get("theirs");
  if (!ours && !theirs) return { kind: "change", path };
  if (!ours || !theirs) return null;
  return { kind: "refs", ours, theirs, pathOurs: path, pathTheirs: params.get("theirs_path") || path };
}

/**
 * Whether the review failed because its file is in neither version: the engine answers 404
 * NOT_FOUND for an uncommitted change of no file. (For two refs the same answer can mean a branch
 * or commit that is gone, so only a change is read as a missing file.)
 */
export function isMissingFile(source: TwoSidedSource, error: unknown): boolean {
  return source.kind === "change" && isApiError(error, 404) && error.hasCode(ErrorCode.NOT_FOUND);
}
