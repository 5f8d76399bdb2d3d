import { OutError, OutValidationError } from "@baton/contract";
import type { ApiProblem } from "../../../lib/api-client";

/** The JSON in an XMLHttpRequest's response text; undefined for anything else (an HTML error page). */
export function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * The problems of a refused upload's body (OutValidationError[] or OutError). The upload goes out
 * by XMLHttpRequest for its progress, so it cannot use the API client, which reads `fetch` answers.
 */
export function uploadProblems(status: number, statusText: string, text: string): ApiProblem[] {
  const body = parseJson(text);
  const problems = (Array.isArray(body) ? body : [body]).flatMap((entry): ApiProblem[] => {
    const validation = OutValidationError.safeParse(entry);
    if (validation.success) return [{ code: validation.data.code, message: validation.data.error, details: null, path: validation.data.path || null }];
    const error = OutError.safeParse(entry);
    return error.success ? [{ code: error.data.code, message: error.data.error, details: error.data.details || null, path: null }] : [];
  });
  return problems.length > 0 ? problems : [{ code: null, message: `${status} ${statusText || "error"}`.trim(), details: null, path: null }];
}
