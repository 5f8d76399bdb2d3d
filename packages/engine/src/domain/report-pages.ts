/** Report pages hold at most this many characters and are cut at line ends where possible. */
export const REPORT_PAGE_SIZE = 32 * 1024;

/**
 * Splits new report text over the current last page (which holds `lastPageLength` characters)
 * and new pages. A page is cut after its last complete line; a single line longer than a page
 * is cut at the page size.
 */
export function splitIntoPages(lastPageLength: number, text: string, pageSize = REPORT_PAGE_SIZE): { append: string; newPages: string[] } {
  const newPages: string[] = [];
  let rest = text;
  let room = pageSize - lastPageLength;
  let append = "";
  let first = true;
  while (rest.length > 0) {
    if (rest.length <= room) {
      if (first) append = rest;
      else newPages.push(rest);
      break;
    }
    const window = rest.slice(0, room);
    const lineEnd = window.lastIndexOf("\n");
    // An empty current page has to take part of an over-long line; a partly filled one starts a new page.
    const cut = lineEnd >= 0 ? lineEnd + 1 : room === pageSize ? room : 0;
    if (first) append = rest.slice(0, cut);
    else newPages.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    room = pageSize;
    first = false;
  }
  return { append, newPages };
}
