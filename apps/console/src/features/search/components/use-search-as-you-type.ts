import { useEffect } from "react";
import { filtersKeyOf, isReadyToSearch, type FilterRow } from "../api/search-url";

/** How long typing must pause before the search runs: short enough to feel live, long enough not to ask for every letter. */
export const TYPING_PAUSE_MS = 250;

/**
 * Searches as the filters are typed: once typing pauses, rows that differ from the search shown
 * (`shownKey`, its `filtersKeyOf`) and are all ready to search go to `send`. Each send changes
 * the URL and so the query; the query of the search before it, if still running, is aborted by
 * react-query (its fetch took the query's AbortSignal).
 *
 * `rows` must keep its identity while the draft does not change, or each render would restart the pause.
 */
export function useSearchAsYouType(rows: readonly FilterRow[], shownKey: string, send: (rows: FilterRow[], filtersKey: string) => void): void {
  const key = filtersKeyOf(rows);
  const ready = rows.length > 0 && rows.every(isReadyToSearch);
  useEffect(() => {
    if (!ready || key === shownKey) return;
    const timer = setTimeout(() => send([...rows], key), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [rows, key, ready, shownKey, send]);
}
