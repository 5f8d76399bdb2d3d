import { useMemo, useState } from "react";
import type { OutReportContent } from "@baton/contract";
import type { PageReader } from "../../../lib/report-pages";
import { findPageWithMatch } from "../api/report-paging";
import { findMatches, stepMatch, type TextMatch } from "./report-search";

interface ReportSearchInput {
  text: string;
  page: number;
  lastPage: number;
  read: PageReader;
  /** Shows another page; `found` is its content, read while searching, so it need not be read again. */
  showPage: (found: OutReportContent) => void;
}

export interface ReportSearch {
  query: string;
  setQuery: (query: string) => void;
  matches: readonly TextMatch[];
  current: number | null;
  step: (direction: 1 | -1) => void;
  busy: boolean;
  status: string;
}

/** Where the current match goes on a page reached by searching: its first match going on, its last going back. */
const LAST = Number.MAX_SAFE_INTEGER;

/**
 * Searching a paged report: matches of the page on screen are marked; stepping past the first or
 * last one reads on (or back) through the other pages to the nearest page that has a match.
 */
export function useReportSearch({ text, page, lastPage, read, showPage }: ReportSearchInput): ReportSearch {
  const [query, setQueryState] = useState("");
  const [wanted, setWanted] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const matches = useMemo(() => findMatches(text, query), [text, query]);
  const current = matches.length === 0 ? null : Math.min(wanted, matches.length - 1);

  const setQuery = (next: string) => {
    setQueryState(next);
    setWanted(0);
    setNotice(null);
  };

  const step = (direction: 1 | -1) => {
    if (query === "" || busy) return;
    setNotice(null);
    const next = stepMatch(current ?? (direction === 1 ? -1 : matches.length), matches.length, direction);
    if (next !== null) {
      setWanted(next);
      return;
    }
    setBusy(true);
    const search = async () => {
      const ahead = await findPageWithMatch(read, page, direction, lastPage, query);
      if (ahead !== undefined) return { found: ahead, wrapped: false };
      // Past the last (or first) page the search goes on from the other end, as editors do.
      const wrapped = await findPageWithMatch(read, direction === 1 ? 0 : lastPage + 1, direction, lastPage, query);
      return { found: wrapped, wrapped: true };
    };
    search()
      .then(({ found, wrapped }) => {
        if (found === undefined) {
          setNotice("No match in the whole report.");
          return;
        }
        if (wrapped) setNotice(direction === 1 ? "went on from the first page" : "went on from the last page");
        setWanted(direction === 1 ? 0 : LAST);
        showPage(found);
      })
      .catch((error: unknown) => setNotice(`The search stopped: ${error instanceof Error ? error.message : String(error)}. Try again.`))
      .finally(() => setBusy(false));
  };

  let status = "";
  if (busy) status = "Searching the other pages…";
  else if (notice !== null && current === null) status = notice;
  else if (query !== "" && current === null) status = lastPage > 1 ? "No match on this page; Enter searches the others" : "No match";
  else if (current !== null) status = `${current + 1} of ${matches.length} on ${lastPage > 1 ? `page ${page}` : "the report"}${notice !== null ? ` (${notice})` : ""}`;
  return { query, setQuery, matches, current, step, busy, status };
}
