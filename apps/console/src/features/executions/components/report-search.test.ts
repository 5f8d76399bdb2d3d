import { describe, expect, it } from "vitest";
import { findMatches, splitByMatches, stepMatch } from "./report-search";

describe("findMatches", () => {
  it("finds every occurrence regardless of case, without overlaps", () => {
    expect(findMatches("Error: error ERROR", "error")).toEqual([
      { start: 0, end: 5 },
      { start: 7, end: 12 },
      { start: 13, end: 18 },
    ]);
    expect(findMatches("aaaa", "aa")).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
  });

  it("finds nothing for an empty search and stops at the limit", () => {
    expect(findMatches("abc", "")).toEqual([]);
    expect(findMatches("x".repeat(100), "x", 10)).toHaveLength(10);
  });
});

describe("splitByMatches", () => {
  it("cuts the text into plain pieces and numbered matches", () => {
    const text = "one two one";
    expect(splitByMatches(text, findMatches(text, "one"))).toEqual([
      { text: "one", match: 0 },
      { text: " two ", match: null },
      { text: "one", match: 1 },
    ]);
  });

  it("keeps a text without matches whole", () => {
    expect(splitByMatches("plain", [])).toEqual([{ text: "plain", match: null }]);
    expect(splitByMatches("", [])).toEqual([{ text: "", match: null }]);
  });
});

describe("stepMatch", () => {
  it("moves within the page and says when a step would leave it", () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBeNull();
    expect(stepMatch(0, 3, -1)).toBeNull();
    expect(stepMatch(-1, 3, 1)).toBe(0);
  });
});
