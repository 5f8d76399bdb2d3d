import { STATUS_RANGES } from "@baton/contract";

/** A status filter term: an inclusive range of codes (a single code has from = to). */
export interface StatusTerm {
  from: number;
  to: number;
}

/**
 * Parses the `status` query values: codes (`1900`), ranges (`1800-1899`) and range names
 * (`ANY_ABEND`). Returns the first value that is none of these as `invalid`.
 */
export function parseStatusTerms(values: readonly string[]): { terms: StatusTerm[] } | { invalid: string } {
  const terms: StatusTerm[] = [];
  for (const value of values) {
    const range = /^(\d{4})(?:-(\d{4}))?$/.exec(value);
    if (range) {
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Number(range[2]);
      if (from > to) return { invalid: value };
      terms.push({ from, to });
      continue;
    }
    const named = STATUS_RANGES[value.toUpperCase()];
    if (named === undefined) return { invalid: value };
    for (const [from, to] of named) terms.push({ from, to });
  }
  return { terms };
}
