import { describe, expect, it } from "vitest";
import { REPORT_PAGES_PER_ANSWER, type OutReportContent } from "@baton/contract";
import { readWholeReport, type PageReader } from "../../../lib/report-pages";
import { findLastPage, findPageWithMatch } from "./report-paging";

/**
 * A report of `count` pages held in memory, answered as the server answers GET .../reports/{type}
 * (from page start_at, at most max_results pages and at most REPORT_PAGES_PER_ANSWER); counts the reads.
 */
function report(count: number, text: (page: number) => string = (page) => `page ${page}\n`): { read: PageReader; reads: () => number } {
  const pages: OutReportContent[] = Array.from({ length: count }, (_, i) => ({ page: i + 1, content: text(i + 1) }));
  let reads = 0;
  return {
    read: async (startAt, max) => {
      reads++;
      const first = Math.max(1, startAt);
      const data = pages.slice(first - 1, first - 1 + Math.min(max ?? REPORT_PAGES_PER_ANSWER, REPORT_PAGES_PER_ANSWER));
      return { total: count, data, hasmore: (data.at(-1)?.page ?? first - 1) < count };
    },
    reads: () => reads,
  };
}

describe("findLastPage", () => {
  it.each([0, 1, 2, 3, 7, 8, 9, 1000, 3277])("finds the last of %i pages in at most two reads", async (count) => {
    const { read, reads } = report(count);
    expect((await findLastPage(read))?.page).toBe(count === 0 ? undefined : count);
    // The answer's total says which page is the last.
    expect(reads()).toBeLessThanOrEqual(2);
  });

  it("follows the tail from the last page seen with one read", async () => {
    const { read, reads } = report(42);
    expect((await findLastPage(read, 42))?.page).toBe(42);
    expect(reads()).toBe(1);
  });

  it("catches up when pages were written since", async () => {
    const { read, reads } = report(40);
    expect((await findLastPage(read, 10))?.page).toBe(40);
    expect(reads()).toBe(2);
  });

  it("starts over when the page seen no longer exists", async () => {
    const { read } = report(3);
    expect((await findLastPage(read, 9))?.page).toBe(3);
  });
});

describe("readWholeReport", () => {
  it("joins every page as it is, without adding line breaks, reading on while more pages follow", async () => {
    const { read, reads } = report(450, (page) => (page === 2 ? "a very long line cut at the page size " : `p${page}\n`));
    const text = await readWholeReport(read);
    expect(text.startsWith("p1\na very long line cut at the page size p3\n")).toBe(true);
    expect(text.endsWith("p449\np450\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(450);
    expect(reads()).toBe(Math.ceil(450 / REPORT_PAGES_PER_ANSWER));
  });

  it("reads an empty report as empty text", async () => {
    expect(await readWholeReport(report(0).read)).toBe("");
  });
});

describe("findPageWithMatch", () => {
  const { read } = report(100, (page) => (page === 5 || page === 77 ? `ERROR on page ${page}\n` : `fine ${page}\n`));

  it("finds the next page with a match in either direction", async () => {
    expect((await findPageWithMatch(read, 5, 1, 100, "error"))?.page).toBe(77);
    expect((await findPageWithMatch(read, 77, -1, 100, "error"))?.page).toBe(5);
    expect((await findPageWithMatch(read, 1, 1, 100, "error"))?.page).toBe(5);
  });

  it("finds nothing past the ends", async () => {
    expect(await findPageWithMatch(read, 77, 1, 100, "error")).toBeUndefined();
    expect(await findPageWithMatch(read, 5, -1, 100, "error")).toBeUndefined();
    expect(await findPageWithMatch(read, 1, 1, 100, "")).toBeUndefined();
  });
});
