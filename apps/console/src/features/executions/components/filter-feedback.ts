import { isApiError } from "../../../lib/api-client";
import { hasPlaceholder, namePatternOf } from "../../../lib/name-pattern";
import type { ExecutionFilters, FilterName } from "../api/execution-filters";

/**
 * For a name filter that found nothing: the pattern of the names that contain it (`REPORT` →
 * `*REPORT*`). The server matches a name without placeholders as a whole name (the vendor's
 * meaning), which an operator who typed a word rarely means. Null when the name is a pattern
 * already, is excluded, or is not set.
 */
export function containingPattern(filters: Pick<ExecutionFilters, "name" | "name_exclude">): string | null {
  if (filters.name === "" || filters.name_exclude || hasPlaceholder(filters.name)) return null;
  return namePatternOf(filters.name);
}

/** What the server said about one filter's value (a 400 whose problem names the parameter), or null. */
export function filterRefusal(error: unknown, filter: FilterName): string | null {
  if (!isApiError(error, 400)) return null;
  return error.problems.find((problem) => problem.path === filter)?.message ?? null;
}
