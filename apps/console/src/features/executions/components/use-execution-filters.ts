import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  NO_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  viewFromSearch,
  viewToSearch,
  type ExecutionFilters,
  type FilterName,
  type ListView,
} from "../api/execution-filters";

export interface FilterControls {
  filters: ExecutionFilters;
  set: <K extends FilterName>(name: K, value: ExecutionFilters[K]) => void;
  setMany: (changes: Partial<ExecutionFilters>) => void;
  /** Replaces every filter with those of a saved query, as a new history entry (Back undoes it). */
  apply: (search: string) => void;
  clear: () => void;
  /** Tasks too or top-level only, and the order: kept in the URL beside the filters, kept when they change. */
  view: ListView;
  setView: (changes: Partial<ListView>) => void;
}

/** The page URL for these filters, with the view the current URL has. */
function withView(filters: Readonly<ExecutionFilters>, current: URLSearchParams): URLSearchParams {
  return viewToSearch(viewFromSearch(current), filtersToSearch(filters));
}

/**
 * The list's filters live in the page URL and nowhere else: a reload, Back/Forward and a shared
 * link all show the same list. Edits replace the history entry, so typing does not fill it.
 */
export function useExecutionFilters(): FilterControls {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const view = useMemo(() => viewFromSearch(params), [params]);

  const setMany = useCallback(
    (changes: Partial<ExecutionFilters>) => setParams((current) => withView({ ...filtersFromSearch(current), ...changes }, current), { replace: true }),
    [setParams],
  );
  const set = useCallback(
    <K extends FilterName>(name: K, value: ExecutionFilters[K]) =>
      setParams(
        (current) => {
          const next = filtersFromSearch(current);
          next[name] = value;
          return withView(next, current);
        },
        { replace: true },
      ),
    [setParams],
  );
  const apply = useCallback((search: string) => setParams((current) => withView(filtersFromSearch(new URLSearchParams(search)), current)), [setParams]);
  const clear = useCallback(() => setParams((current) => withView(NO_FILTERS, current), { replace: true }), [setParams]);
  // A new order or scope is a new list: a history entry of its own, so Back returns to the one before.
  const setView = useCallback(
    (changes: Partial<ListView>) => setParams((current) => viewToSearch({ ...viewFromSearch(current), ...changes }, filtersToSearch(filtersFromSearch(current)))),
    [setParams],
  );

  return { filters, set, setMany, apply, clear, view, setView };
}
