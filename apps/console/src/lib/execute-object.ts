import { useMutation } from "@tanstack/react-query";
import { OutRunId, type InExecutionBody } from "@baton/contract";
import { requestJson, segment } from "./api-client";
import { useCurrentSession } from "./session-context";

/** POST /api/{client}/executions with executionOption "execute": starts the object now. */
export function executeObject(client: number, csrfToken: string, objectName: string): Promise<OutRunId> {
  const body: InExecutionBody = { objectName, executionOption: "execute" };
  return requestJson(`/api/${segment(client)}/executions`, OutRunId, { method: "POST", body, csrfToken });
}

/** The new execution shows up in the executions list through the event stream. */
export function useExecuteObject() {
  const { client, csrf_token } = useCurrentSession();
  return useMutation({
    mutationFn: (objectName: string) => executeObject(client, csrf_token, objectName),
  });
}
