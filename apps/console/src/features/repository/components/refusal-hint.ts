import { isConflict } from "../../../lib/api-client";

/**
 * The general advice for a conflict (overwrite, or choose another name) rarely fits a refusal of the
 * repository (nothing to commit, a merge in progress, a remote that conflicts): the server's own
 * words say what is in the way, so the hint points to them.
 */
export function refusalHint(error: unknown): string | undefined {
  return isConflict(error) ? "Nothing was changed. Do what the message above asks, then try again." : undefined;
}
