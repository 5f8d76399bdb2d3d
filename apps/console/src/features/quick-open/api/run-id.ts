/** The largest RunID: run ids are int32. */
const MAX_RUN_ID = 2_147_483_647;

/**
 * The RunID the text names, or null. As in the vendor's global search, a run is found by its whole
 * RunID only (digits, optionally after `#`), never by a part of it.
 */
export function runIdOf(text: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(text.trim());
  if (!match) return null;
  const runId = Number(match[1]);
  return runId >= 1 && runId <= MAX_RUN_ID ? runId : null;
}
