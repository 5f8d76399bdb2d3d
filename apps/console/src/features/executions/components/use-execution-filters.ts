import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { NO_FILTERS, filtersFromSearch, filtersToSearch, type ExecutionFilters, type FilterName } from "../api/execution-filters";

export interface FilterControls {
  filters: ExecutionFilters;
  set: <K extends FilterName>(name: K, value: ExecutionFilters[K]) => void;
  setMany: (changes: Partial<ExecutionFilters>) => void;
  /** Replaces every filter with those of a saved query, as a new history entry (Back undoes it). */
  apply: (search: string) => void;
  clear: () => void;
}

/**
 * The list's filters live in the page URL and nowhere else: a reload, Back/Forward and a shared
 * link all show the same list. Edits replace the history entry, so typing does not fill it.
 */
export function useExecutionFilters(): FilterControls {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);

  const setMany = useCallback(
    (changes: Partial<ExecutionFilters>) => setParams((current) => filtersToSearch({ ...filtersFromSearch(current), ...changes }), { replace: true }),
    [setParams],
  );
  const set = useCallback(
    <K extends FilterName>(name: K, value: ExecutionFilters[K]) =>
      setParams(
        (current) => {
          const next = filtersFromSearch(current);
          next[name] = value;
          return filtersToSearch(next);
        },
        { replace: true },
      ),
    [setParams],
  );
  const apply = useCallback((search: string) => setParams(filtersToSearch(filtersFromSearch(new URLSearchParams(search)))), [setParams]);
  const clear = useCallback(() => setParams(filtersToSearch(NO_FILTERS), { replace: true }), [setParams]);

  return { filters, set, setMany, apply, clear };
}
