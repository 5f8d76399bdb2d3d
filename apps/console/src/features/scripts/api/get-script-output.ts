import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { isFinalStatus, OutReportContent } from "@baton/contract";
import { arrayOf, isApiError, requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { scriptKeys } from "./keys";

/** Output grows without status changes, so it is re-read this often while the run is active. */
const ACTIVE_REFRESH_MS = 1_000;
const MAX_PAGES = 1_000;

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
 * GET .../reports/ACT: the `:PRINT` output and messages of a run, pages joined in order;
 * null while the run has not written its ACT report yet.
 */
export async function getScriptOutput(client: number, runId: number, signal?: AbortSignal): Promise<string | null> {
  try {
    const pages = await requestJson(`/api/${segment(client)}/executions/${segment(runId)}/reports/ACT`, arrayOf(OutReportContent), {
      // start_at=0: every page after page 0, i.e. from the first.
      query: { start_at: 0, max_results: MAX_PAGES },
      signal,
    });
    return [...pages]
      .sort((a, b) => a.page - b.page)
      .map((p) => p.content)
      .reduce((text, content) => (text === "" || text.endsWith("\n") ? text + content : `${text}\n${content}`), "");
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
