import type { SetURLSearchParams } from "react-router";

/**
 * Sets (a string) or removes (null) query parameters of the page, keeping the others. The history
 * entry is replaced: tabs and pages are views of one screen, not steps to go back through.
 */
export function replaceSearchParams(setParams: SetURLSearchParams, changes: Readonly<Record<string, string | null>>): void {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    },
    { replace: true },
  );
}
