import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { describeError } from "../../../lib/describe-error";
import { nameQueryOf } from "../../../lib/name-pattern";
import { useCurrentSession } from "../../../lib/session-context";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { findObjectsQueryOptions } from "./find-objects";
import { findRunQueryOptions, findRunsByNameQueryOptions } from "./find-runs";
import { quickOpenOptions, type QuickOpenOption } from "./quick-open-options";
import { runIdOf } from "./run-id";

/** How long typing must pause before the server is asked. */
export const QUICK_OPEN_PAUSE_MS = 200;

export interface QuickOpenResults {
  options: QuickOpenOption[];
  /** The server is being asked, or will be once typing pauses. */
  searching: boolean;
  /** What went wrong with a look-up, in words, with what to do. */
  problems: string[];
}

/**
 * The choices for the text typed. Screens follow each key at once; objects and runs are asked for
 * once typing pauses, each look-up with the query's AbortSignal, so a look-up for text typed
 * before is aborted when the next one starts. Objects and runs are looked up from two characters
 * on (a plain word anywhere in the name, as the vendor's global search does), a run by its whole RunID.
 */
export function useQuickOpenResults(text: string): QuickOpenResults {
  const { client, csrf_token } = useCurrentSession();
  const settled = useDebouncedValue(text.trim(), QUICK_OPEN_PAUSE_MS);
  const pattern = nameQueryOf(settled);
  const runId = runIdOf(settled);
  const byName = pattern !== null;
  const objects = useQuery({ ...findObjectsQueryOptions(client, csrf_token, pattern ?? ""), enabled: byName, placeholderData: keepPreviousData });
  const runs = useQuery({ ...findRunsByNameQueryOptions(client, pattern ?? ""), enabled: byName, placeholderData: keepPreviousData });
  const run = useQuery({ ...findRunQueryOptions(client, runId ?? 0), enabled: runId !== null });

  const found = {
    run: runId !== null ? run.data?.data[0] : undefined,
    objects: byName ? objects.data?.data : undefined,
    runs: byName ? runs.data?.data : undefined,
  };
  const lookups = [
    { what: "Objects", query: objects, on: byName },
    { what: "Runs", query: runs, on: byName },
    { what: "The run", query: run, on: runId !== null },
  ];
  const problems = lookups.filter((l) => l.on && l.query.isError).map(({ what, query }) => {
    const { title, hint } = describeError(query.error);
    return `${what} could not be looked up: ${title}${hint ? ` ${hint}` : ""}`;
  });
  return {
    options: quickOpenOptions(text, found, nameQueryOf(text) !== null),
    searching: settled !== text.trim() || lookups.some((l) => l.on && l.query.isFetching),
    problems,
  };
}
