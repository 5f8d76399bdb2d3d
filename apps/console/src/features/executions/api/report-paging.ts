import type { OutReportContent } from "@baton/contract";

/**
 * Reads report pages as GET .../reports/{type}?start_at&max_results does: up to `max` pages
 * numbered above `startAt`, in page order.
 */
export type PageReader = (startAt: number, max: number) => Promise<OutReportContent[]>;

/** Pages asked at once while following the tail: the last one seen and what was written after it. */
export const FOLLOW_PAGES = 4;
/** Pages asked at once when the whole report is read (32 KiB each at most). */
export const WHOLE_BATCH = 200;
/** Pages read at once when a search goes on to other pages. */
export const SEARCH_BATCH = 20;

function highest(pages: readonly OutReportContent[]): OutReportContent | undefined {
  return pages.reduce<OutReportContent | undefined>((best, page) => (best === undefined || page.page > best.page ? page : best), undefined);
}

/**
 * The last page of a report (undefined when it has none). The server does not say how many pages
 * there are, so: from `hint` (a page known to exist, e.g. the last one seen while following) read
 * it and what follows; otherwise probe pages 1, 2, 4, 8, … until one is missing and halve the gap.
 * About 2·log2(n) small reads instead of the whole report.
 */
export async function findLastPage(read: PageReader, hint = 0): Promise<OutReportContent | undefined> {
  let known: OutReportContent | undefined;
  if (hint > 0) {
    const pages = await read(hint - 1, FOLLOW_PAGES);
    known = highest(pages);
    if (known !== undefined && pages.length < FOLLOW_PAGES) return known;
  }
  if (known === undefined) {
    known = highest(await read(0, 1));
    if (known === undefined) return undefined;
  }
  let step = 1;
  let missing: number | undefined;
  while (missing === undefined) {
    const probe = known.page + step;
    const found = highest(await read(probe - 1, 1));
    if (found === undefined) missing = probe;
    else {
      known = found;
      step *= 2;
    }
  }
  while (missing - known.page > 1) {
    const middle = Math.floor((known.page + missing) / 2);
    const found = highest(await read(middle - 1, 1));
    if (found === undefined) missing = middle;
    else known = found;
  }
  return known;
}

/**
 * Every page joined in page order. Pages are cut at line ends (a longer line at the page size),
 * so they are joined as they are, without adding line breaks.
 */
export async function readWholeReport(read: PageReader): Promise<string> {
  const pages: OutReportContent[] = [];
  for (;;) {
    const batch = await read(pages.length === 0 ? 0 : (highest(pages)?.page ?? 0), WHOLE_BATCH);
    pages.push(...batch);
    if (batch.length < WHOLE_BATCH) break;
  }
  return pages
    .sort((a, b) => a.page - b.page)
    .map((p) => p.content)
    .join("");
}

/**
 * The nearest page after (`direction` 1) or before (-1) `from` whose text contains `needle`
 * (case-insensitive), reading SEARCH_BATCH pages at a time; undefined when none does.
 */
export async function findPageWithMatch(read: PageReader, from: number, direction: 1 | -1, lastPage: number, needle: string): Promise<OutReportContent | undefined> {
  const wanted = needle.toLowerCase();
  if (wanted === "") return undefined;
  if (direction === 1) {
    for (let after = from; after < lastPage; after += SEARCH_BATCH) {
      const pages = (await read(after, SEARCH_BATCH)).sort((a, b) => a.page - b.page);
      const hit = pages.find((p) => p.page > from && p.content.toLowerCase().includes(wanted));
      if (hit !== undefined) return hit;
      if (pages.length < SEARCH_BATCH) return undefined;
    }
    return undefined;
  }
  for (let before = from - 1; before >= 1; before -= SEARCH_BATCH) {
    const first = Math.max(1, before - SEARCH_BATCH + 1);
    const pages = (await read(first - 1, before - first + 1)).sort((a, b) => b.page - a.page);
    const hit = pages.find((p) => p.page < from && p.content.toLowerCase().includes(wanted));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
