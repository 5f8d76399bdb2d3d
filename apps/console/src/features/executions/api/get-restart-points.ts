import { queryOptions, useQuery } from "@tanstack/react-query";
import { isRecord } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** `:RESTART name[, text]` at the start of a line: the name is a bare word or number of at most 8 characters. */
const RESTART_STATEMENT = /^\s*:RESTART\s+([^\s,]{1,8})\s*(?:,|$)/i;

/**
 * The restart points of a process page, upper case, in page order. A line scan, not the script
 * parser (the console has none): restart points stand at the top level of a page, one a line, so
 * the scan finds the same ones; the engine checks the one chosen and names its points if it differs.
 */
export function restartPointsOf(body: Record<string, unknown>): string[] {
  const scripts = Array.isArray(body["scripts"]) ? body["scripts"] : [];
  const lines = scripts.flatMap((entry) => (isRecord(entry) && Array.isArray(entry["process"]) ? entry["process"] : []));
  return lines.flatMap((line) => {
    const match = typeof line === "string" ? RESTART_STATEMENT.exec(line) : null;
    return match?.[1] === undefined ? [] : [match[1].toUpperCase()];
  });
}

/** GET /api/{client}/objects/{name}: the `:RESTART` points of the job or script as it is now. */
export async function getRestartPoints(client: number, name: string, signal?: AbortSignal): Promise<string[]> {
  const object = await callOperation("getObjectsObjectName", { params: { client_id: client, object_name: name }, signal });
  return Object.values(object.data).flatMap((body) => (isRecord(body) ? restartPointsOf(body) : []));
}

/** Read only while the restart dialog of a job or script is open. */
export function useRestartPoints(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery(
    queryOptions({
      queryKey: executionKeys.restartPoints(client, name),
      queryFn: ({ signal }) => getRestartPoints(client, name, signal),
      enabled,
    }),
  );
}
