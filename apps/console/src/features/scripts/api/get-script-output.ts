import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { isFinalStatus } from "@baton/contract";
import { isApiError } from "../../../lib/api-client";
import { pageReader, readWholeReport } from "../../../lib/report-pages";
import { useCurrentSession } from "../../../lib/session-context";
import { scriptKeys } from "./keys";

/** Output grows without status changes, so it is re-read this often while the run is active. */
const ACTIVE_REFRESH_MS = 1_000;

/** The interpreter's message for a runtime error (U00020999), with where it happened. */
export interface RuntimeError {
  line: number;
  column: number;
  message: string;
}

const RUNTIME_ERROR = /U00020999 Runtime error in line (\d+), column (\d+): (.*)$/m;

/** The first runtime error the interpreter reported in an ACT report, or null. */
export function findRuntimeError(output: string): RuntimeError | null {
  const match = RUNTIME_ERROR.exec(output);
  if (match === null) return null;
  return { line: Number(match[1]), column: Number(match[2]), message: match[3] ?? "" };
}

/**
 * GET .../reports/ACT: the `:PRINT` output and messages of a run, every page joined in order;
 * null while the run has not written its ACT report yet.
 */
export async function getScriptOutput(client: number, runId: number, signal?: AbortSignal): Promise<string | null> {
  try {
    return await readWholeReport(pageReader(client, runId, "ACT", signal));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Keyed by status: a status change (from the event stream) reads the output again; the final text never changes. */
export function scriptOutputQueryOptions(client: number, runId: number, status: number) {
  const final = isFinalStatus(status);
  return queryOptions({
    queryKey: scriptKeys.output(client, runId, status),
    queryFn: ({ signal }) => getScriptOutput(client, runId, signal),
    refetchInterval: final ? false : ACTIVE_REFRESH_MS,
    staleTime: final ? Number.POSITIVE_INFINITY : 0,
    placeholderData: keepPreviousData,
  });
}

export function useScriptOutput(runId: number, status: number) {
  const { client } = useCurrentSession();
  return useQuery(scriptOutputQueryOptions(client, runId, status));
}
