import type { ApiProblem } from "../../../lib/api-client";

/** A problem the server found in one filter: `field` is the member it names, null for the filter as a whole. */
export interface RowProblem {
  field: string | null;
  message: string;
}

/** The server's problems with a search, sorted to the filter rows they belong to and the rest. */
export interface SearchProblems {
  byRow: ReadonlyMap<number, readonly RowProblem[]>;
  /** Problems of the whole body (`filters`, `sort_columns[0].order`, `max_results`), with their path. */
  general: readonly ApiProblem[];
}

const ROW_PATH = /^filters\[(\d+)\](?:\.([A-Za-z_]+))?/;

/**
 * Sorts the OutValidationErrors of a 400 by their path: `filters[1].object_types` (or
 * `filters[1].object_types[0]`) belongs to row 1, member object_types; `filters[2]` to row 2 as a
 * whole; anything else to the search as a whole.
 */
export function problemsByRow(problems: readonly ApiProblem[]): SearchProblems {
  const byRow = new Map<number, RowProblem[]>();
  const general: ApiProblem[] = [];
  for (const problem of problems) {
    const match = problem.path === null ? null : ROW_PATH.exec(problem.path);
    if (!match) {
      general.push(problem);
      continue;
    }
    const index = Number(match[1]);
    const list = byRow.get(index) ?? [];
    list.push({ field: match[2] ?? null, message: problem.message });
    byRow.set(index, list);
  }
  return { byRow, general };
}

export const NO_PROBLEMS: SearchProblems = { byRow: new Map(), general: [] };
