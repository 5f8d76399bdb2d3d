import { REPORT_PAGES_PER_ANSWER } from "@baton/contract";

/** Report pages hold at most this many bytes (UTF-8) and are cut at line ends where possible. */
export const REPORT_PAGE_SIZE = 32 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The nearest character boundary at or before `position` in UTF-8 bytes. */
function characterStart(bytes: Uint8Array, position: number): number {
  let at = position;
  while (at > 0 && ((bytes[at] ?? 0) & 0xc0) === 0x80) at -= 1;
  return at;
}

/**
 * Splits new report text over the current last page (which holds `lastPageBytes` bytes) and new
 * pages, sizes counted in UTF-8 bytes. A page is cut after its last complete line; a single line
 * longer than a page is cut at the page size (never inside a character).
 */
export function splitIntoPages(lastPageBytes: number, text: string, pageSize = REPORT_PAGE_SIZE): { append: string; newPages: string[] } {
  const bytes = encoder.encode(text);
  const pieces: string[] = [];
  let offset = 0;
  let room = pageSize - lastPageBytes;
  while (offset < bytes.length) {
    if (bytes.length - offset <= room) {
      pieces.push(decoder.decode(bytes.subarray(offset)));
      break;
    }
    const lineEnd = bytes.subarray(offset, offset + room).lastIndexOf(0x0a);
    // An empty current page has to take part of an over-long line; a partly filled one starts a new page.
    const cut = lineEnd >= 0 ? lineEnd + 1 : room === pageSize ? characterStart(bytes, offset + room) - offset : 0;
    pieces.push(decoder.decode(bytes.subarray(offset, offset + cut)));
    offset += cut;
    room = pageSize;
  }
  const [append = "", ...newPages] = pieces;
  return { append, newPages };
}

/** Which pages of a report one answer holds: `first`..`last` (none when last < first), and whether pages follow them. */
export interface ReportPageWindow {
  first: number;
  last: number;
  hasmore: boolean;
}

/**
 * The pages asked for by `start_at` and `max_results` of a report of `total` pages (numbered
 * 1..total): from page `startAt` (a number below 1 starts at page 1), at most `maxResults` of them
 * (the rest of the report when undefined, none for 0), never more than REPORT_PAGES_PER_ANSWER.
 * `hasmore` says a page numbered after the window (or at its start, for an empty window) exists.
 */
export function reportPageWindow(total: number, startAt: number, maxResults: number | undefined): ReportPageWindow {
  const first = Math.max(1, startAt);
  const count = Math.min(maxResults ?? REPORT_PAGES_PER_ANSWER, REPORT_PAGES_PER_ANSWER);
  const last = Math.min(total, first + count - 1);
  return { first, last, hasmore: Math.max(last, first - 1) < total };
}
