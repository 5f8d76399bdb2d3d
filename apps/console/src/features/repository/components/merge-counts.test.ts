import { describe, expect, it } from "vitest";
import { aheadBehindText, mergeCountsSentence } from "./merge-counts";

describe("merge counts in words", () => {
  it("counts every kind of change, also those the merge has none of", () => {
    expect(mergeCountsSentence({ counts: { added: 1, modified: 2, deleted: 0, both: 0, conflict: 1 } })).toBe("4 objects: 1 added, 2 changed, 0 deleted, 0 changed on both sides, 1 in conflict");
    expect(mergeCountsSentence({ counts: { added: 0, modified: 1, deleted: 0, both: 0, conflict: 0 } })).toBe("1 object: 0 added, 1 changed, 0 deleted, 0 changed on both sides, 0 in conflict");
  });

  it("says where a branch stands", () => {
    expect(aheadBehindText(1, 3)).toBe("1 commit ahead, 3 behind");
    expect(aheadBehindText(0, 0)).toBe("0 commits ahead, 0 behind");
  });
});
