import { describe, expect, it } from "vitest";
import type { OutReportContent } from "@baton/contract";
import { FOLLOW_PAGES, findLastPage, findPageWithMatch, readWholeReport, type PageReader } from "./report-paging";

/** A report of `count` pages held in memory, read as the server reads it; counts the reads. */
function report(count: number, text: (page: number) => string = (page) => `page ${page}\n`): { read: PageReader; reads: () => number } {
  const pages: OutReportContent[] = Array.from({ length: count }, (_, i) => ({ page: i + 1, content: text(i + 1) }));
  let reads = 0;
  return {
    read: async (startAt, max) => {
      reads++;
      return pages.filter((p) => p.page > startAt).slice(0, max);
    },
    reads: () => reads,
  };
}

describe("findLastPage", () => {
  it.each([0, 1, 2, 3, 7, 8, 9, 1000, 3277])("finds the last of %i pages", async (count) => {
    const { read, reads } = report(count);
    expect((await findLastPage(read))?.page).toBe(count === 0 ? undefined : count);
    // Probing and halving, not reading page after page.
    expect(reads()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(count + 2)) + 2);
  });

  it("follows the tail from the last page seen with one read", async () => {
    const { read, reads } = report(42);
    expect((await findLastPage(read, 41))?.page).toBe(42);
    expect(reads()).toBe(1);
  });

  it("catches up when more pages than one read holds were written since", async () => {
    const { read } = report(40);
    expect((await findLastPage(read, 10))?.page).toBe(40);
    expect(FOLLOW_PAGES).toBeLessThan(30);
  });

  it("starts over when the page seen no longer exists", async () => {
    const { read } = report(3);
    expect((await findLastPage(read, 9))?.page).toBe(3);
  });
});

describe("readWholeReport", () => {
  it("joins every page as it is, without adding line breaks", async () => {
    const { read } = report(450, (page) => (page === 2 ? "a very long line cut at the page size " : `p${page}\n`));
    const text = await readWholeReport(read);
    expect(text.startsWith("p1\na very long line cut at the page size p3\n")).toBe(true);
    expect(text.endsWith("p450\n")).toBe(true);
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
