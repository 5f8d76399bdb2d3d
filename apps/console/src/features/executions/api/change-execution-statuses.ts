import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutExecution } from "@baton/contract";
import { mapWithLimit } from "../../../lib/map-with-limit";
import { useCurrentSession } from "../../../lib/session-context";
import { changeExecutionStatus, type StatusChange } from "./change-execution-status";
import { executionKeys } from "./keys";

/** Requests in flight at once: enough to be quick, few enough not to crowd the server. */
const PARALLEL = 4;

export type BulkTarget = Pick<OutExecution, "run_id" | "name">;

/** One execution's answer: the run id acted on (a restart's new one), or why it was refused. */
export type BulkOutcome = { target: BulkTarget; ok: true; runId: number } | { target: BulkTarget; ok: false; error: unknown };

/** The same POST .../status for each target; every answer is kept, a refusal does not stop the rest. */
export function changeExecutionStatuses(client: number, csrfToken: string, targets: readonly BulkTarget[], change: StatusChange): Promise<BulkOutcome[]> {
  return mapWithLimit(targets, PARALLEL, async (target): Promise<BulkOutcome> => {
    try {
      const { run_id } = await changeExecutionStatus(client, csrfToken, target.run_id, change);
      return { target, ok: true, runId: run_id ?? target.run_id };
    } catch (error) {
      return { target, ok: false, error };
    }
  });
}

/** Lists and the touched executions are read again once, after the last answer, not per row. */
export function useChangeExecutionStatuses() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targets, change }: { targets: readonly BulkTarget[]; change: StatusChange }) => changeExecutionStatuses(client, csrf_token, targets, change),
    onSuccess: async (outcomes) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: executionKeys.lists(client) }),
        ...outcomes.map(({ target }) => queryClient.invalidateQueries({ queryKey: executionKeys.detail(client, target.run_id) })),
      ]);
    },
  });
}
