import { describe, expect, it } from "vitest";
import { countLineEdits } from "./line-edits";

const lines = (text: string): string[] => (text === "" ? [] : text.split(""));

describe("countLineEdits", () => {
  it.each([
    ["", "", 0, 0],
    ["abc", "abc", 0, 0],
    ["", "abc", 3, 0],
    ["abc", "", 0, 3],
    ["abc", "abxc", 1, 0],
    ["abcd", "acd", 0, 1],
    ["abc", "axc", 1, 1],
    ["abcabba", "cbabac", 2, 3],
    ["aaa", "aa", 0, 1],
  ])("%s → %s: %i added, %i removed", (before, after, added, removed) => {
    expect(countLineEdits(lines(before), lines(after))).toEqual({ added, removed });
  });

  it("counts one changed line in 5,000 quickly", () => {
    const before = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const after = before.map((line, i) => (i === 2500 ? "changed" : line));
    expect(countLineEdits(before, after)).toEqual({ added: 1, removed: 1 });
  });

  it("falls back to counting unmatched lines when the sides have nothing in common", () => {
    const before = Array.from({ length: 5000 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: 5000 }, (_, i) => `new ${i}`);
    expect(countLineEdits(before, after)).toEqual({ added: 5000, removed: 5000 });
  });
});
