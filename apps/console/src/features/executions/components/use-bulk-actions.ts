import { useState } from "react";
import type { OutExecution } from "@baton/contract";
import { useChangeExecutionStatuses } from "../api/change-execution-statuses";
import { planBulk, type BulkAction } from "./bulk-plan";
import type { BulkRequest } from "./bulk-confirm-dialog";
import type { BulkResult } from "./bulk-result-alert";

/**
 * Cancel or restart of several executions: `ask` opens the confirmation, `confirm` sends one
 * request per execution and keeps the result until it is dismissed. `onDone` gets the run ids
 * that worked, so the caller can unselect them and keep the failed ones selected.
 */
export function useBulkActions(onDone: (succeeded: number[]) => void) {
  const mutation = useChangeExecutionStatuses();
  const [request, setRequest] = useState<BulkRequest | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);

  const ask = (action: BulkAction, executions: readonly OutExecution[]) => {
    if (executions.length === 0) return;
    setRequest({ action, ...planBulk(action, executions) });
  };

  const confirm = (recursive: boolean) => {
    if (request === null) return;
    const { action, eligible, skipped } = request;
    const change = action === "cancel" ? { action, cancel: { recursive } } : { action, restart: {} };
    mutation.mutate(
      { targets: eligible, change },
      {
        onSuccess: (outcomes) => {
          setRequest(null);
          setResult({ action, outcomes, skipped: skipped.length });
          onDone(outcomes.flatMap((o) => (o.ok ? [o.target.run_id] : [])));
        },
      },
    );
  };

  return {
    request,
    result,
    pending: mutation.isPending,
    ask,
    confirm,
    close: () => setRequest(null),
    dismissResult: () => setResult(null),
  };
}
