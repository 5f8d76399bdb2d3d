import { isApiError, isConflict } from "../../../lib/api-client";

/**
 * The objects a switch or pull refused to overwrite (a conflict: 400 with one OutValidationError per object,
 * `path` = its file), or null when the error is something else.
 */
export function overwrittenObjects(error: unknown): string[] | null {
  if (!isApiError(error) || !isConflict(error)) return null;
  const paths = error.problems.map((problem) => problem.path).filter((path): path is string => path !== null);
  return paths.length > 0 ? paths : null;
}
