import { useMutation } from "@tanstack/react-query";
import type { InExecutionBody, OutRunId } from "@baton/contract";
import { callOperation } from "./rest-operations";
import { useCurrentSession } from "./session-context";

/** POST /api/{client}/executions: starts the object now, or as `options` ask (once at a time, recurring, queue, alias, inputs). */
export function executeObject(client: number, csrfToken: string, objectName: string, options: Omit<InExecutionBody, "objectName"> = { executionOption: "execute" }): Promise<OutRunId> {
  const body: InExecutionBody = { ...options, objectName };
  return callOperation("postExecutions", { params: { client_id: client }, body, csrfToken });
}

/** Starts an object now. The new execution shows up in the executions list through the event stream. */
export function useExecuteObject() {
  const { client, csrf_token } = useCurrentSession();
  return useMutation({
    mutationFn: (objectName: string) => executeObject(client, csrf_token, objectName),
  });
}

/** Starts an object with options (the execute dialog); a refusal names the fields at fault (OutValidationError paths). */
export function useExecuteWithOptions() {
  const { client, csrf_token } = useCurrentSession();
  return useMutation({
    mutationFn: (body: InExecutionBody) => executeObject(client, csrf_token, body.objectName, body),
  });
}
