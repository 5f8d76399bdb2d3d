import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength, codePointOffset, codePointSlice } from "./code-points";

// Pieces that make pairs, lone halves (a high one before a letter, a low one after it) and
// texts that are Latin-1 or not.
const text = fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", "\uD83D", "\uDE00"), maxLength: 40 });
const count = fc.nat({ max: 45 });

describe("code points", () => {
  it.each<[string, number]>([
    ["", 0],
    ["abc", 3],
    ["héllo", 5],
    ["a€b", 3],
    ["a😀b", 3],
    ["😀😀", 2],
    ["\uD83D", 1],
    ["\uDE00\uD83D", 2],
    ["a\uD83Db", 3],
  ])("%j is %i code points long", (value, length) => {
    expect(codePointLength(value)).toBe(length);
  });

  it.each<[string, number, number | undefined, string]>([
    ["abcdef", 1, 3, "bcd"],
    ["abcdef", 3, undefined, "def"],
    ["abc", 4, undefined, ""],
    ["abc", 1, 0, ""],
    ["a😀b", 1, 1, "😀"],
    ["😀😀x", 1, undefined, "😀x"],
    ["a\uD83Db", 1, 2, "\uD83Db"],
  ])("%j from %i for %j is %j", (value, start, length, slice) => {
    expect(codePointSlice(value, start, length)).toBe(slice);
  });

  it("counts as Array.from does", () => {
    fc.assert(fc.property(text, (value) => codePointLength(value) === Array.from(value).length));
  });

  it("slices as Array.from does", () => {
    fc.assert(fc.property(text, count, fc.option(count, { nil: undefined }), (value, start, length) => {
      const characters = Array.from(value);
      const expected = length === undefined ? characters.slice(start) : characters.slice(start, start + length);
      return codePointSlice(value, start, length) === expected.join("");
    }));
  });

  it("finds offsets as Array.from does", () => {
    fc.assert(fc.property(text, count, (value, points) => {
      return codePointOffset(value, points) === Array.from(value).slice(0, points).join("").length;
    }));
  });

  it("walks on from a given offset", () => {
    expect(codePointOffset("😀😀😀", 1, 2)).toBe(4);
    expect(codePointOffset("ab😀", 5, 1)).toBe(4);
  });
});
