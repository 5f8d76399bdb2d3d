import { isApiError } from "../../../lib/api-client";

/**
 * The objects a switch or pull refused to overwrite (409 with one OutValidationError per object,
 * `path` = its file), or null when the error is something else.
 */
export function overwrittenObjects(error: unknown): string[] | null {
  if (!isApiError(error, 409)) return null;
  const paths = error.problems.map((problem) => problem.path).filter((path): path is string => path !== null);
  return paths.length > 0 ? paths : null;
}
