import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Parser } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

export interface ExecutionVariable {
  name: string;
  /** Strings as they are; numbers, flags and structures as JSON text. */
  value: string;
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** The answer is an object name → value; the contract has no schema for it, so it is checked here. */
export const variablesParser: Parser<ExecutionVariable[]> = {
  safeParse(value: unknown) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { success: false, error: { issues: [{ path: [], message: "expected an object of variable names to values" }] } };
    }
    const data = Object.entries(value)
      .map(([name, entry]) => ({ name, value: asText(entry) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { success: true, data };
  },
};

/** GET /api/{client}/executions/{run_id}/variables, sorted by name. */
export function getVariables(client: number, runId: number, signal?: AbortSignal): Promise<ExecutionVariable[]> {
  return callOperation("getExecutionsRunIdVariables", { params: { client_id: client, run_id: runId }, read: variablesParser, signal });
}

/** Re-read when the execution's status changes (see execution-events.ts): values arrive while it runs. */
export function variablesQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: executionKeys.variables(client, runId),
    queryFn: ({ signal }) => getVariables(client, runId, signal),
  });
}

export function useVariables(runId: number) {
  const { client } = useCurrentSession();
  return useQuery(variablesQueryOptions(client, runId));
}
