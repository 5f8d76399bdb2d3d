import { useMutation } from "@tanstack/react-query";
import type { InExecutionBody, OutRunId } from "@baton/contract";
import { callOperation } from "./rest-operations";
import { useCurrentSession } from "./session-context";

/** POST /api/{client}/executions with executionOption "execute": starts the object now. */
export function executeObject(client: number, csrfToken: string, objectName: string): Promise<OutRunId> {
  const body: InExecutionBody = { objectName, executionOption: "execute" };
  return callOperation("postExecutions", { params: { client_id: client }, body, csrfToken });
}

/** The new execution shows up in the executions list through the event stream. */
export function useExecuteObject() {
  const { client, csrf_token } = useCurrentSession();
  return useMutation({
    mutationFn: (objectName: string) => executeObject(client, csrf_token, objectName),
  });
}
