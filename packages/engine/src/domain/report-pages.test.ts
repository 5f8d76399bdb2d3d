import { describe, expect, it } from "vitest";
import { splitIntoPages } from "./report-pages";

describe("splitIntoPages", () => {
  it.each([
    { name: "fits in the last page", last: 0, text: "a\nb\n", size: 10, append: "a\nb\n", pages: [] },
    { name: "cut at the last line end", last: 6, text: "abc\ndef\n", size: 10, append: "abc\n", pages: ["def\n"] },
    { name: "a full last page starts a new one", last: 10, text: "xy\n", size: 10, append: "", pages: ["xy\n"] },
    { name: "an over-long line is cut at the page size", last: 0, text: "0123456789abcd", size: 10, append: "0123456789", pages: ["abcd"] },
    { name: "a partly filled page does not take half a long line", last: 3, text: "0123456789ab", size: 10, append: "", pages: ["0123456789", "ab"] },
    { name: "many pages", last: 0, text: "aaaa\nbbbb\ncccc\ndddd\n", size: 10, append: "aaaa\nbbbb\n", pages: ["cccc\ndddd\n"] },
    { name: "sizes are bytes: é counts two", last: 0, text: "éééé\nab\n", size: 10, append: "éééé\n", pages: ["ab\n"] },
    { name: "a long line is never cut inside a character", last: 0, text: "aéééééé", size: 10, append: "aéééé", pages: ["éé"] },
  ])("$name", ({ last, text, size, append, pages }) => {
    const result = splitIntoPages(last, text, size);
    expect(result).toEqual({ append, newPages: pages });
    expect(result.append + result.newPages.join("")).toBe(text);
    for (const page of result.newPages) expect(new TextEncoder().encode(page).length).toBeLessThanOrEqual(size);
  });
});
