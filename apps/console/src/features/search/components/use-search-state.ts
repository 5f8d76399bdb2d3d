import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { searchFromParams, searchToParams, type FilterRow, type SearchState, type SortEntry } from "../api/search-url";

export interface SearchControls {
  search: SearchState;
  /** The filter parameters alone: changes when the filters do, not with order or page. */
  filtersKey: string;
  /**
   * A new search (first page, same order and page size), as a new history entry: Back returns to
   * the last one. False when it is the search already in the URL.
   */
  submit: (rows: FilterRow[]) => boolean;
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
  const filtersKey = useMemo(() => searchToParams({ ...search, sort: [], startAt: 0 }).toString(), [search]);

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
  const setSort = useCallback((sort: SortEntry[]) => change({ sort, startAt: 0 }, true), [change]);
  const setPage = useCallback((startAt: number, maxResults: number) => change({ startAt, maxResults }, true), [change]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { search, filtersKey, submit, setSort, setPage, clear };
}
