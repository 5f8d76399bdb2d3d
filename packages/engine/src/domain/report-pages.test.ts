import { describe, expect, it } from "vitest";
import { REPORT_PAGES_PER_ANSWER } from "@baton/contract";
import { reportPageWindow, splitIntoPages } from "./report-pages";

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

describe("reportPageWindow", () => {
  it.each([
    { name: "without max_results: the whole report", total: 7, startAt: 1, max: undefined, window: { first: 1, last: 7, hasmore: false } },
    { name: "max_results=3: pages 1 to 3", total: 7, startAt: 1, max: 3, window: { first: 1, last: 3, hasmore: true } },
    { name: "max_results=3&start_at=4: pages 4 to 6", total: 7, startAt: 4, max: 3, window: { first: 4, last: 6, hasmore: true } },
    { name: "start_at=2: every page but the first", total: 7, startAt: 2, max: undefined, window: { first: 2, last: 7, hasmore: false } },
    { name: "max_results=0: no pages, the rest still to come", total: 7, startAt: 1, max: 0, window: { first: 1, last: 0, hasmore: true } },
    { name: "start_at past the end: no pages, nothing more", total: 7, startAt: 8, max: undefined, window: { first: 8, last: 7, hasmore: false } },
    { name: "start_at 0 or below starts at page 1", total: 7, startAt: -5, max: 2, window: { first: 1, last: 2, hasmore: true } },
    { name: "the last chunk ends with the report", total: 7, startAt: 7, max: 3, window: { first: 7, last: 7, hasmore: false } },
    { name: "a report without pages", total: 0, startAt: 1, max: undefined, window: { first: 1, last: 0, hasmore: false } },
    { name: "at most REPORT_PAGES_PER_ANSWER pages at once", total: 1000, startAt: 1, max: undefined, window: { first: 1, last: REPORT_PAGES_PER_ANSWER, hasmore: true } },
    { name: "a larger max_results is bounded too", total: 1000, startAt: 1, max: 5000, window: { first: 1, last: REPORT_PAGES_PER_ANSWER, hasmore: true } },
  ])("$name", ({ total, startAt, max, window }) => {
    expect(reportPageWindow(total, startAt, max)).toEqual(window);
  });
});
