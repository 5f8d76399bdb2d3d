import { describe, expect, it } from "vitest";
import { ErrorCode } from "@baton/contract";
import { ApiError } from "../../../lib/api-client";
import { isMissingFile, reviewHref, reviewSearch, reviewSourceFromSearch, type ReviewSource } from "./review-source";

describe("review sources in the URL", () => {
  const sources: ReviewSource[] = [
    { kind: "change", path: "JOBS/E2E.JOB.json" },
    { kind: "refs", ours: "main", theirs: "feature/x", pathOurs: "A/B.json", pathTheirs: "A/B.json" },
    { kind: "refs", ours: "0a1b2c3d", theirs: "4e5f6a7b", pathOurs: "OLD/B.json", pathTheirs: "NEW/B.json" },
    { kind: "merge", branch: "feature/x", path: "A/B.json" },
  ];
  it.each(sources)("reads back what it wrote: %o", (source) => {
    expect(reviewSourceFromSearch(reviewSearch(source))).toEqual(source);
  });

  it("encodes names with / and # in the link", () => {
    expect(reviewHref({ kind: "refs", ours: "main", theirs: "feature/x", pathOurs: "F/A#B.json", pathTheirs: "F/A#B.json" })).toBe(
      "/repository/review?ours=main&theirs=feature%2Fx&path=F%2FA%23B.json",
    );
  });

  it("names nothing without a path or with only one ref", () => {
    expect(reviewSourceFromSearch(new URLSearchParams(""))).toBeNull();
    expect(reviewSourceFromSearch(new URLSearchParams("path=A.json&ours=main"))).toBeNull();
  });
});

describe("isMissingFile", () => {
  const notFound = (code: number) => new ApiError(404, [{ code, message: "Object file not found.", details: "NO/SUCH.json", path: null }], "GET", "/x");
  it("reads a 404 NOT_FOUND of an uncommitted change as a file that is not there", () => {
    expect(isMissingFile({ kind: "change", path: "NO/SUCH.json" }, notFound(ErrorCode.NOT_FOUND))).toBe(true);
  });
  it("does not for two refs (a branch may be gone) nor for a disabled repository", () => {
    expect(isMissingFile({ kind: "refs", ours: "main", theirs: "x", pathOurs: "A.json", pathTheirs: "A.json" }, notFound(ErrorCode.NOT_FOUND))).toBe(false);
    expect(isMissingFile({ kind: "change", path: "A.json" }, notFound(ErrorCode.RESOURCE_DISABLED))).toBe(false);
  });
});
