import type { OutReportContent } from "@baton/contract";
import type { PageReader } from "../../../lib/report-pages";

/** Pages read at once when a search goes on to other pages. */
export const SEARCH_BATCH = 20;

/**
 * The last page of a report (undefined when it has none). Each answer says how many pages the
 * report has, so reading from `hint` (a page known to exist, e.g. the last one seen while
 * following) costs one small read while nothing was written, and one more when it grew.
 */
export async function findLastPage(read: PageReader, hint = 0): Promise<OutReportContent | undefined> {
  const first = await read(Math.max(1, hint), 1);
  const seen = first.data[0];
  if (first.total === 0) return undefined;
  if (seen !== undefined && seen.page === first.total) return seen;
  return (await read(first.total, 1)).data[0];
}

/**
 * The nearest page after (`direction` 1) or before (-1) `from` whose text contains `needle`
 * (case-insensitive), reading SEARCH_BATCH pages at a time; undefined when none does.
 */
export async function findPageWithMatch(read: PageReader, from: number, direction: 1 | -1, lastPage: number, needle: string): Promise<OutReportContent | undefined> {
  const wanted = needle.toLowerCase();
  if (wanted === "") return undefined;
  if (direction === 1) {
    for (let next = from + 1; next <= lastPage; next += SEARCH_BATCH) {
      const answer = await read(next, SEARCH_BATCH);
      const hit = answer.data.find((p) => p.page > from && p.content.toLowerCase().includes(wanted));
      if (hit !== undefined) return hit;
      if (!answer.hasmore) return undefined;
    }
    return undefined;
  }
  for (let before = from - 1; before >= 1; before -= SEARCH_BATCH) {
    const first = Math.max(1, before - SEARCH_BATCH + 1);
    const pages = (await read(first, before - first + 1)).data.toSorted((a, b) => b.page - a.page);
    const hit = pages.find((p) => p.page < from && p.content.toLowerCase().includes(wanted));
    if (hit !== undefined) return hit;
  }
  return undefined;
}
