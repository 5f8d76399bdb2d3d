import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import type { InChangeExecutionStatusBody, OutChangeExecutionStatus } from "@baton/contract";
import { isApiError } from "../../../lib/api-client";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** Options of a restart (queue, restart point, keep start type, wait for manual release, inputs), as the contract names them. */
export type RestartOptions = NonNullable<InChangeExecutionStatusBody["restart"]>;

/** What an operator asks of an execution; the body of POST .../status. */
export type StatusChange =
  | { action: "cancel"; cancel: { recursive: boolean } }
  | { action: "restart"; restart: RestartOptions }
  | { action: "release" };

export type StatusAction = StatusChange["action"];

/**
 * A change asked of the execution the hook is for, or of `runId`: a task's workflow, restarted
 * from the task's line with what is downstream of it.
 */
export type StatusRequest = StatusChange & { runId?: number };

/** The body of a request: the change without the run it is asked of. */
function bodyOf(request: StatusRequest): StatusChange {
  if (request.action === "restart") return { action: "restart", restart: request.restart };
  if (request.action === "cancel") return { action: "cancel", cancel: request.cancel };
  return { action: request.action };
}

/**
 * POST /api/{client}/executions/{run_id}/status. A restart answers the new execution's run id, any
 * other action `{}`. 400 (45170) when the state does not allow it, 403 without the cancel/restart right.
 */
export function changeExecutionStatus(client: number, csrfToken: string, runId: number, change: StatusChange): Promise<OutChangeExecutionStatus> {
  return callOperation("postExecutionsRunIdStatus", {
    params: { client_id: client, run_id: runId },
    body: change,
    csrfToken,
  });
}

/**
 * Changes the execution `runId` (or the one a request names). The event stream brings the new
 * states too; re-reading the execution, its children and the lists right away makes the answer
 * visible even when the stream lags or is down.
 */
export function useChangeExecutionStatus(runId: number) {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: executionKeys.statusChange(client, runId),
    mutationFn: (request: StatusRequest) => changeExecutionStatus(client, csrf_token, request.runId ?? runId, bodyOf(request)),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: executionKeys.detail(client, runId) }),
        queryClient.invalidateQueries({ queryKey: executionKeys.children(client, runId) }),
        queryClient.invalidateQueries({ queryKey: executionKeys.lists(client) }),
        result.run_id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: executionKeys.detail(client, result.run_id) }),
      ]);
    },
  });
}

/**
 * What the server said of each restart option it refused (400, OutValidationError paths
 * `restart.queue`, `restart.inputs.DAYS#`), by the option's path in RestartOptions (`queue`, `inputs.DAYS#`).
 */
export function restartRefusals(error: unknown): ReadonlyMap<string, string> {
  const refusals = new Map<string, string>();
  if (!isApiError(error, 400)) return refusals;
  for (const problem of error.problems) {
    const option = problem.path?.startsWith("restart.") ? problem.path.slice("restart.".length) : undefined;
    if (option !== undefined && !refusals.has(option)) refusals.set(option, problem.message);
  }
  return refusals;
}

/**
 * What the server said of the options of the latest change asked from the page of `runId` since
 * `since` (ms): a restart dialog opened then marks the fields the server names. Read from the
 * mutation cache, as the page's actions ask for the change; one asked before `since` (another
 * opening of the dialog) is left out.
 */
export function useRestartRefusals(runId: number, since: number): ReadonlyMap<string, string> {
  const { client } = useCurrentSession();
  const errors = useMutationState({
    filters: { mutationKey: executionKeys.statusChange(client, runId), predicate: (mutation) => mutation.state.submittedAt >= since },
    select: (mutation) => mutation.state.error,
  });
  return restartRefusals(errors.at(-1));
}
