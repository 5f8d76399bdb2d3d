import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { filtersKeyOf, searchFromParams, searchToParams, type FilterRow, type SearchState, type SortEntry } from "../api/search-url";

export interface SearchControls {
  search: SearchState;
  /** The filter parameters alone: changes when the filters do, not with order or page. */
  filtersKey: string;
  /**
   * A new search (first page, same order and page size), as a new history entry: Back returns to
   * the last one. False when it is the search already in the URL.
   */
  submit: (rows: FilterRow[]) => boolean;
  /**
   * The search as it is being typed. The first one after a search that was not typed (Search, a
   * link, Back) is a new history entry, the ones after it replace it: Back returns to the search
   * before the typing, not to each word on the way.
   */
  submitTyped: (rows: FilterRow[]) => void;
  setSort: (sort: SortEntry[]) => void;
  setPage: (startAt: number, maxResults: number) => void;
  clear: () => void;
}

/**
 * The whole search lives in the page URL (see search-url.ts): a reload, Back and a shared link
 * show the same results. Order and page are views of one search and replace the history entry.
 */
export function useSearchState(): SearchControls {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const filtersKey = useMemo(() => filtersKeyOf(search.rows), [search]);
  // The URL the last typed search wrote; while the URL is still that one, typing replaces it.
  const typedUrl = useRef<string | null>(null);

  const change = useCallback(
    (changes: Partial<SearchState>, replace: boolean) => setParams((current) => searchToParams({ ...searchFromParams(current), ...changes }), { replace }),
    [setParams],
  );
  const submit = useCallback(
    (rows: FilterRow[]) => {
      const next = searchToParams({ ...search, rows, startAt: 0 });
      if (next.toString() === params.toString()) return false;
      setParams(next);
      return true;
    },
    [search, params, setParams],
  );
  const submitTyped = useCallback(
    (rows: FilterRow[]) => {
      const next = searchToParams({ ...search, rows, startAt: 0 });
      const replace = params.toString() === typedUrl.current || search.rows.length === 0;
      typedUrl.current = next.toString();
      setParams(next, { replace });
    },
    [search, params, setParams],
  );
  const setSort = useCallback((sort: SortEntry[]) => change({ sort, startAt: 0 }, true), [change]);
  const setPage = useCallback((startAt: number, maxResults: number) => change({ startAt, maxResults }, true), [change]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { search, filtersKey, submit, submitTyped, setSort, setPage, clear };
}
