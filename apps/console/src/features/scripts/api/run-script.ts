import { useMemo } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InScriptsBody, OutRunId } from "@baton/contract";
import { isApiError } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { scriptKeys } from "./keys";

/** A reason the server refused to start a script, at a 1-based line and column. */
export interface ScriptProblem {
  line: number;
  column: number;
  message: string;
}

/** POST /api/{client}/scripts: starts the script as a Script execution; 400 with line/column when it does not parse. */
export function runScript(client: number, csrfToken: string, script: string): Promise<OutRunId> {
  const body: InScriptsBody = { script };
  return callOperation("postScripts", { params: { client_id: client }, body, csrfToken });
}

/** The syntax errors of a refused script, in script order; empty for any other error. */
export function scriptProblemsOf(error: unknown): ScriptProblem[] {
  if (!isApiError(error, 400)) return [];
  const problems: ScriptProblem[] = [];
  for (const problem of error.problems) {
    if (problem.line === undefined) continue;
    problems.push({ line: problem.line, column: problem.column ?? 1, message: problem.message });
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The new run shows up in the recent runs through the event stream; the refetch covers a slow stream. */
export function useRunScript() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (script: string) => runScript(client, csrf_token, script),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptKeys.recent(client) }),
  });
  const problems = useMemo(() => scriptProblemsOf(mutation.error), [mutation.error]);
  return { ...mutation, problems };
}
